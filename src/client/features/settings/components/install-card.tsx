import { CircleCheck, Download, Smartphone } from "lucide-react";
import { HomeScreenSteps } from "@/client/components/install/home-screen-steps";
import { useInstallOffer } from "@/client/components/install/install-offer";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";

/** The app on this device: installed, the browser's "Install app", or how to add it from the browser. */
export function InstallCard() {
  const { kind, install } = useInstallOffer();
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-3">
          <Smartphone aria-hidden="true" className="size-5 text-primary" />
          <CardTitle>Install app</CardTitle>
        </div>
        <CardDescription>
          Installed, the app opens from your Home Screen and starts even without a connection.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {kind === "installed" ? (
          <p className="flex items-center gap-2 font-medium text-sm">
            <CircleCheck aria-hidden="true" className="size-4 text-primary" />
            The app is installed on this device.
          </p>
        ) : kind === "prompt" ? (
          <Button onClick={() => void install()}>
            <Download aria-hidden="true" />
            Install app
          </Button>
        ) : kind === "ios" ? (
          <HomeScreenSteps />
        ) : (
          <p className="text-sm">
            Your browser adds the app from its menu: look for Install app, or Add to Home screen.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
