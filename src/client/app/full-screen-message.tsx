import { Spinner } from "@/client/components/ui/spinner";

/** The whole-page wait, e.g. while we learn whether someone is signed in. */
export function FullScreenLoading({ label }: { label: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background p-6">
      <Spinner label={label} showLabel className="flex-col text-base" />
    </div>
  );
}
