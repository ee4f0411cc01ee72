import { CircleAlert } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";

export function NotFoundPage() {
  return (
    <div className="flex justify-center py-12">
      <Card className="w-full max-w-md">
        <CardContent className="p-6 sm:p-6">
          <div className="flex items-center gap-2">
            <CircleAlert aria-hidden="true" className="size-8 shrink-0 text-destructive" />
            <h1 className="font-bold text-2xl">404 Page Not Found</h1>
          </div>
          <p className="mt-4 text-muted-foreground">Did you forget to add the page to the router?</p>
          <Button asChild variant="outline" className="mt-6">
            <Link href="/">Go to the dashboard</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
