import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/client/components/ui/use-toast";
import { errorMessage, getJson, requestJson } from "@/client/lib/api";
import { isSessionEndedError } from "@/client/lib/session-expiry";
import type { CareSummary } from "@/domain/exports";
import type { CreatedShareLink, FamilyContact, ShareLink, ShareLinkInput } from "@/domain/family";

/** Every child's summary, or the header's child's; every record change can change it. */
export function summaryOptions(childId: string | null) {
  return queryOptions({
    queryKey: ["care-summary", { childId }] as const,
    queryFn: () =>
      getJson<CareSummary[]>(childId ? `/api/care-summary?childId=${childId}` : "/api/care-summary"),
    staleTime: 0,
  });
}

/** The family's links for the clinic, newest first, with their views; read anew on each visit. */
export const shareLinksOptions = queryOptions({
  queryKey: ["share-links"] as const,
  queryFn: () => getJson<ShareLink[]>("/api/share-links"),
  staleTime: 0,
});

const failed = (title: string) => (err: unknown) => {
  if (!isSessionEndedError(err)) toast({ title, description: errorMessage(err), variant: "destructive" });
};

/** Makes a link for the clinic; its address comes back this once. */
export function useCreateShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShareLinkInput) => requestJson<CreatedShareLink>("POST", "/api/share-links", input),
    onSuccess: (link) => {
      toast({ title: "Link made", description: `A link to ${link.childName}'s care summary is ready.` });
      return queryClient.invalidateQueries({ queryKey: shareLinksOptions.queryKey });
    },
    onError: failed("The link could not be made"),
  });
}

/** Withdraws a link: from then on it opens nothing. */
export function useWithdrawShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (link: ShareLink) => requestJson<void>("DELETE", `/api/share-links/${link.id}`),
    onSuccess: (_, link) => {
      toast({
        title: "Link withdrawn",
        description: `The link to ${link.childName}'s care summary no longer opens.`,
      });
      return queryClient.invalidateQueries({ queryKey: shareLinksOptions.queryKey });
    },
    onError: failed("The link could not be withdrawn"),
  });
}

/** The number the family gives the clinic (on every care summary); the owner sets it. */
export const familyContactOptions = queryOptions({
  queryKey: ["family-contact"] as const,
  queryFn: () => getJson<FamilyContact>("/api/family/contact"),
});

/** Saves the family's number for the clinic; the summaries show it at once. */
export function useSaveFamilyContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contact: FamilyContact) => requestJson<FamilyContact>("PUT", "/api/family/contact", contact),
    onSuccess: async (saved) => {
      queryClient.setQueryData(familyContactOptions.queryKey, saved);
      toast({
        title: "Family contact saved",
        description: saved.phone
          ? "Every care summary and clinic link now gives this number."
          : "No number is given on the care summary.",
      });
      await queryClient.invalidateQueries({ queryKey: ["care-summary"] });
    },
  });
}
