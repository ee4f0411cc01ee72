import { useMutation, useQueryClient } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "wouter";
import { ConfirmDeleteDialog } from "@/client/components/record-screen/confirm-delete-dialog";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { toast } from "@/client/components/ui/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useChildren } from "@/client/lib/children-api";
import { useCan } from "@/client/lib/permissions";
import { isSessionEndedError } from "@/client/lib/session-expiry";
import { deleteAccount, deleteChildProfile } from "../api";
import { type ChildProfileDeletion, describeChildProfileDeletion } from "../child-profile-deletion";

/** Spec: after deleting the account the app returns to the start page after 2 seconds. */
const REDIRECT_AFTER_DELETE_MS = 2000;

/**
 * Deleting every child profile and care record (the family's owner only), and deleting one's own
 * account (anyone: it is theirs).
 */
export function DangerZoneCard() {
  const queryClient = useQueryClient();
  const canManage = useCan("manage");
  const { data: children } = useChildren();
  const deletion = describeChildProfileDeletion(children);
  const [confirming, setConfirming] = useState<"child" | "account" | null>(null);
  // The confirmation keeps the texts it opened with while the lists reload behind it and it fades out.
  const [confirmedDeletion, setConfirmedDeletion] = useState(deletion);

  const removeChild = useMutation({
    mutationFn: (_texts: ChildProfileDeletion) => deleteChildProfile(),
    onSuccess: async (res, deleted) => {
      toast({ title: "Child Profile Deleted", description: deleted.done ?? res?.message });
      // Every list and count changed; reload whatever is shown.
      await queryClient.invalidateQueries();
    },
    onError: (err) => {
      // The session ended: the "Your session has ended" dialog is the message.
      if (isSessionEndedError(err)) return;
      toast({
        title: "Deletion Failed",
        description: `The child profile could not be deleted. ${errorMessage(err)}`,
        variant: "destructive",
      });
    },
  });
  const removeAccount = useMutation({
    mutationFn: deleteAccount,
    onSuccess: (res) => {
      toast({ title: "Account Deleted", description: res?.message });
      setTimeout(() => window.location.assign("/"), REDIRECT_AFTER_DELETE_MS);
    },
    onError: (err) => {
      // The session ended: the "Your session has ended" dialog is the message.
      if (isSessionEndedError(err)) return;
      toast({
        title: "Deletion Failed",
        description: `Your account could not be deleted. ${errorMessage(err)}`,
        variant: "destructive",
      });
    },
  });

  return (
    <Card className="border-red-200">
      <CardHeader>
        <div className="flex items-center gap-3">
          <TriangleAlert aria-hidden="true" className="size-5 text-destructive" />
          <CardTitle className="text-red-700">Danger Zone</CardTitle>
        </div>
        <CardDescription>These actions are permanent and cannot be undone.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {canManage ? (
          <DangerAction
            title={deletion.several ? "Delete all child profiles" : "Delete child profile"}
            text={
              <>
                Removes {deletion.whatGoes} of this family, for every member: nutrition, visits, lab tests,
                symptoms, photos and more. The family and its members stay.
                {deletion.several ? (
                  <>
                    {" "}
                    To delete one child only, use{" "}
                    <Link href="/children" className="font-medium text-primary underline underline-offset-4">
                      Children Profiles
                    </Link>
                    .
                  </>
                ) : null}
              </>
            }
            buttonLabel="Delete Child Profile"
            onClick={() => {
              setConfirmedDeletion(deletion);
              setConfirming("child");
            }}
          />
        ) : null}
        <DangerAction
          title="Delete account"
          text="Removes your account, and every family you own alone with all of its data, and signs you out."
          buttonLabel="Delete Account"
          onClick={() => setConfirming("account")}
        />
      </CardContent>
      <ConfirmDeleteDialog
        open={confirming === "child"}
        onOpenChange={(open) => setConfirming(open ? "child" : null)}
        title={confirmedDeletion.title}
        description={`This permanently deletes ${confirmedDeletion.whatGoes} of this family, for every member. The family and its members stay. This action cannot be undone.`}
        confirmLabel={confirmedDeletion.confirmLabel}
        onConfirm={() => removeChild.mutateAsync(confirmedDeletion)}
      />
      <ConfirmDeleteDialog
        open={confirming === "account"}
        onOpenChange={(open) => setConfirming(open ? "account" : null)}
        title="Delete your account?"
        description="This permanently deletes your account and every family you own alone, with all of its data, then signs you out. Families you share keep their records. This action cannot be undone."
        confirmLabel="Delete Account"
        onConfirm={() => removeAccount.mutateAsync()}
      />
    </Card>
  );
}

function DangerAction({
  title,
  text,
  buttonLabel,
  onClick,
}: {
  title: string;
  text: ReactNode;
  buttonLabel: string;
  onClick: () => void;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-red-100 bg-red-50/50 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <h3 className="font-medium">{title}</h3>
        <p className="text-muted-foreground text-sm">{text}</p>
      </div>
      <Button variant="destructive" onClick={onClick} className="sm:shrink-0">
        {buttonLabel}
      </Button>
    </div>
  );
}
