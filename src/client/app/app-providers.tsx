import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense } from "react";
import { queryClient } from "@/client/lib/query-client";

// Loaded beside the first screen, not in its first download: a toast raised before it arrives
// waits in the toasts' store (use-toast.ts) and shows once it is in.
const Toaster = lazy(() => import("@/client/components/ui/toaster").then((m) => ({ default: m.Toaster })));

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
