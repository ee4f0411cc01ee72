import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/client/components/ui/alert-dialog";
import { Button } from "@/client/components/ui/button";

/**
 * "Ursodiol was given at 08:05 today by Sam Lee. Give another dose?": asked when the server finds
 * a dose shortly after another given one. The focus starts on Cancel, the safe answer; Esc is
 * Cancel too.
 */
export function GiveAnywayDialog({
  question,
  onAnswer,
}: {
  question: string | null;
  onAnswer: (give: boolean) => void;
}) {
  return (
    <AlertDialog open={question !== null} onOpenChange={(open) => (open ? undefined : onAnswer(false))}>
      {question ? (
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Already given</AlertDialogTitle>
            <AlertDialogDescription className="text-base text-foreground">{question}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <Button variant="outline" onClick={() => onAnswer(false)}>
              Cancel
            </Button>
            <Button onClick={() => onAnswer(true)}>Give anyway</Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      ) : null}
    </AlertDialog>
  );
}
