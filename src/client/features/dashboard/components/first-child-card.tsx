import { Baby, Plus } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { useChildFilter } from "@/client/lib/child-filter";
import { useCan } from "@/client/lib/permissions";

/**
 * A family without a child yet: adding the child is the first thing on the dashboard (every
 * record, task and reminder belongs to a child), above anything to log.
 */
export function FirstChildCard() {
  const { children, isLoading } = useChildFilter();
  const canWrite = useCan("write");
  if (isLoading || children.length > 0 || !canWrite) return null;
  return (
    <Card className="border-primary/40">
      <CardHeader>
        <div className="flex items-center gap-3">
          <Baby aria-hidden="true" className="size-5 text-primary" />
          <CardTitle>Start with your child</CardTitle>
        </div>
        <CardDescription>
          TPN, line care, medications and reminders are kept per child. Add your child's profile to begin.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild size="lg">
          <Link href="/children?add=1">
            <Plus aria-hidden="true" />
            Add your child
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
