import { useMutation } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useState } from "react";
import { useEnterFamily } from "@/client/components/family/use-enter-family";
import { ConfirmDeleteDialog } from "@/client/components/record-screen/confirm-delete-dialog";
import { Button } from "@/client/components/ui/button";
import { toast } from "@/client/components/ui/use-toast";
import { leaveFamily } from "../api";
import { toastFailure } from "../notify";

/** A member (not the owner) leaves the family, after saying yes; the app then opens another family of theirs. */
export function LeaveFamily({ familyName }: { familyName: string }) {
  const [confirming, setConfirming] = useState(false);
  const enterFamily = useEnterFamily();
  const leave = useMutation({
    mutationFn: leaveFamily,
    onSuccess: async (user) => {
      await enterFamily(user);
      toast({ title: `You left ${familyName}`, description: `Now showing ${user.familyName}.` });
    },
    onError: (err) => toastFailure("You are still in the family", err),
  });
  return (
    <>
      <Button variant="outline" onClick={() => setConfirming(true)} className="self-start">
        <LogOut aria-hidden="true" />
        Leave family
      </Button>
      <ConfirmDeleteDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Leave ${familyName}?`}
        description="You will no longer see this family's records. What you added stays with the family. To come back, you need a new invitation from its owner."
        confirmLabel="Leave family"
        pendingLabel="Leaving..."
        onConfirm={() => leave.mutateAsync()}
      />
    </>
  );
}
