import { useMutation } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link } from "wouter";
import { useEnterFamily } from "@/client/components/family/use-enter-family";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/client/components/ui/alert-dialog";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { toast } from "@/client/components/ui/use-toast";
import { currentUser, deleteFamily } from "../api";
import { namesFamily } from "../names-family";
import { toastFailure } from "../notify";

/** The owner deletes the family, its records and photos, for every member, after typing its name. */
export function DeleteFamilyCard({ familyName }: { familyName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-red-200">
      <CardHeader>
        <div className="flex items-center gap-3">
          <TriangleAlert aria-hidden="true" className="size-5 text-destructive" />
          <CardTitle className="text-red-700">Danger Zone</CardTitle>
        </div>
        <CardDescription>This cannot be undone.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex flex-col gap-3 rounded-lg border border-red-100 bg-red-50/50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <h3 className="font-medium">Delete this family</h3>
            <p className="text-muted-foreground text-sm">
              Deletes {familyName} with all of its records and photos, for every member. Members keep their
              own accounts. To keep a copy, export the records first in{" "}
              <Link href="/settings" className="font-medium text-primary underline underline-offset-4">
                Account Settings
              </Link>
              .
            </p>
          </div>
          <Button variant="destructive" onClick={() => setOpen(true)} className="sm:shrink-0">
            Delete Family
          </Button>
        </div>
      </CardContent>
      {open ? <DeleteFamilyDialog familyName={familyName} onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}

function DeleteFamilyDialog({ familyName, onClose }: { familyName: string; onClose: () => void }) {
  const inputId = useId();
  const [typed, setTyped] = useState("");
  const enterFamily = useEnterFamily();
  const remove = useMutation({
    mutationFn: async () => {
      const { message } = await deleteFamily();
      return { message, user: await currentUser() };
    },
    onSuccess: async ({ message, user }) => {
      await enterFamily(user);
      toast({ title: "Family deleted", description: `${message} Now showing ${user.familyName}.` });
    },
    onError: (err) => toastFailure("The family was not deleted", err),
  });
  const matches = namesFamily(typed, familyName);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (matches && !remove.isPending) remove.mutate();
  };

  return (
    <AlertDialog open onOpenChange={(next) => (next || remove.isPending ? undefined : onClose())}>
      <AlertDialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <AlertDialogHeader>
            <AlertDialogTitle>Delete {familyName}?</AlertDialogTitle>
            <AlertDialogDescription>
              Every record and photo of this family is deleted, for you and for every member. This cannot be
              undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={inputId} className="leading-snug">
              Type the family's name to confirm: {familyName}
            </Label>
            <Input
              id={inputId}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={!matches || remove.isPending}>
              {remove.isPending ? "Deleting..." : "Delete Family"}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
