import { Download, Smartphone } from "lucide-react";
import { HomeScreenSteps } from "@/client/components/install/home-screen-steps";
import { useInstallBannerDismissed, useInstallOffer } from "@/client/components/install/install-offer";
import { Button } from "@/client/components/ui/button";

/**
 * "Install app" on the dashboard, where the browser offers it (and the Home Screen steps on an
 * iPhone or iPad), until installed or put aside with "Not now". Settings keeps the offer. Pinned
 * above the bottom bar (and any banner of entries waiting to be sent), over the page: the
 * browser's offer comes after the page shows, and a card pushed into it then would move
 * everything below it under the person's finger.
 */
export function InstallBanner() {
  const { kind, install } = useInstallOffer();
  const [dismissed, dismiss] = useInstallBannerDismissed();
  if (dismissed || (kind !== "prompt" && kind !== "ios")) return null;
  return (
    <section
      aria-labelledby="install-banner-heading"
      className="fixed right-3 bottom-[calc(var(--bottom-clear)+0.75rem)] left-3 z-30 flex max-h-[60dvh] gap-3 overflow-y-auto rounded-xl border border-primary/30 bg-card p-4 shadow-lg sm:left-auto sm:max-w-sm print:hidden"
    >
      <Smartphone aria-hidden="true" className="size-6 shrink-0 text-primary" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h2 id="install-banner-heading" className="font-semibold">
          {kind === "ios" ? "Add the app to your Home Screen" : "Install the app on this device"}
        </h2>
        {kind === "ios" ? (
          <HomeScreenSteps />
        ) : (
          // One short line: a larger block, painted this late, would count as the page's main content.
          <p className="text-muted-foreground text-sm">It opens from your Home Screen, even offline.</p>
        )}
        <div className="flex flex-wrap gap-2">
          {kind === "prompt" ? (
            <Button size="sm" onClick={() => void install()}>
              <Download aria-hidden="true" />
              Install app
            </Button>
          ) : null}
          <Button size="sm" variant="outline" onClick={dismiss}>
            Not now
          </Button>
        </div>
      </div>
    </section>
  );
}
