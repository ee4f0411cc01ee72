import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { useAuth } from "./auth";
import { readChildChoice, writeChildChoice } from "./child-filter-storage";
import { type Child, useChildren } from "./children-api";

interface ChildFilter {
  /** The child whose records the lists show, or null for all children. */
  childId: string | null;
  selectedChild: Child | null;
  setChildId(childId: string | null): void;
  children: Child[];
  isLoading: boolean;
}

const ChildFilterContext = createContext<ChildFilter | null>(null);

function readStored(familyId: string): string | null {
  try {
    return readChildChoice(window.localStorage, familyId);
  } catch {
    return null;
  }
}

/**
 * The global child filter: families with two or more children look at one child at a time.
 * Lists of records that may carry a child pass `childId` to the server, which returns that
 * child's records and the ones linked to no child. The choice is the family's: each family in use
 * on this device remembers its own (the provider is keyed by the family, see `SignedInApp`).
 */
export function ChildFilterProvider({ children: content }: { children: ReactNode }) {
  const { data: children = [], isLoading } = useChildren();
  const familyId = useAuth().user?.familyId ?? "";
  const [stored, setStored] = useState<string | null>(() => readStored(familyId));

  const setChildId = useCallback(
    (childId: string | null) => {
      setStored(childId);
      try {
        writeChildChoice(window.localStorage, familyId, childId);
      } catch {
        // Private browsing without storage: the choice lasts for this visit only.
      }
    },
    [familyId],
  );

  const value = useMemo<ChildFilter>(() => {
    // A remembered child that was deleted (or belongs to another family) no longer filters anything,
    // nor does one left as the only child: the header shows the switch from two children on.
    const selectedChild = children.length > 1 ? (children.find((c) => c.id === stored) ?? null) : null;
    return { childId: selectedChild?.id ?? null, selectedChild, setChildId, children, isLoading };
  }, [children, stored, setChildId, isLoading]);

  return <ChildFilterContext.Provider value={value}>{content}</ChildFilterContext.Provider>;
}

export function useChildFilter(): ChildFilter {
  const value = useContext(ChildFilterContext);
  if (!value) throw new Error("useChildFilter must be used inside ChildFilterProvider");
  return value;
}
