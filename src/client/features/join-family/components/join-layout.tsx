import { HeartPulse } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent } from "@/client/components/ui/card";

/** The invitation's page, outside the app's shell: the product's name and one card. */
export function JoinLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-gradient-to-b from-blue-50 via-background to-background">
      <main className="mx-auto flex w-full max-w-lg flex-col items-center px-4 py-10 sm:py-16">
        <p className="mb-6 flex items-center gap-2 font-semibold text-lg">
          <span className="flex size-9 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <HeartPulse aria-hidden="true" className="size-5" />
          </span>
          Medical Care Tracker
        </p>
        <Card className="w-full">
          <CardContent className="flex flex-col gap-5 p-5 sm:p-6">{children}</CardContent>
        </Card>
      </main>
    </div>
  );
}
