import { browserSupportsWebAuthn } from "@simplewebauthn/browser";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Pencil, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import {
  addPasskey,
  isPasskeyCancelled,
  type Passkey,
  passkeysQueryKey,
  passkeysQueryOptions,
  removePasskey,
  renamePasskey,
} from "@/client/components/sign-in/passkeys-api";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { FormAlert } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { toast } from "@/client/components/ui/use-toast";
import { errorMessage } from "@/client/lib/api";
import { formatCardDate } from "@/client/lib/format";
import { isSessionEndedError } from "@/client/lib/session-expiry";

/** Settings: the account's passkeys (name, added, last used), rename, remove, "Add a passkey". */
export function PasskeysCard() {
  const queryClient = useQueryClient();
  const { data: passkeys, isError } = useQuery(passkeysQueryOptions);
  const [problem, setProblem] = useState<string>();
  // The passkey just added: its row asks for a name at once (prefilled with its device's).
  const [added, setAdded] = useState<string>();
  const supported = browserSupportsWebAuthn();
  const add = useMutation({
    mutationFn: addPasskey,
    onMutate: () => setProblem(undefined),
    onSuccess: (passkey) => {
      setAdded(passkey.id);
      toast({
        title: "Passkey added",
        description: `Next time, sign in with "${passkey.name}" in one touch.`,
      });
      return queryClient.invalidateQueries({ queryKey: passkeysQueryKey });
    },
    onError: (err) => {
      if (isSessionEndedError(err)) return;
      setProblem(
        isPasskeyCancelled(err) ? "No passkey was added: the request was cancelled." : errorMessage(err),
      );
    },
  });

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-3">
          <KeyRound aria-hidden="true" className="size-5 text-primary" />
          <CardTitle>Passkeys</CardTitle>
        </div>
        <CardDescription>
          Sign in with your fingerprint, face or screen lock instead of typing your email and password. Add
          one on each phone or computer you use.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <FormAlert message={problem} />
        {passkeys === undefined ? (
          <p className="text-muted-foreground text-sm">
            {isError ? "Your passkeys could not be loaded." : "Loading passkeys..."}
          </p>
        ) : passkeys.length === 0 ? (
          <p className="text-muted-foreground text-sm">You have no passkeys yet.</p>
        ) : (
          <ul aria-label="Your passkeys" className="flex flex-col divide-y rounded-md border">
            {passkeys.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} justAdded={passkey.id === added} />
            ))}
          </ul>
        )}
        {supported ? (
          <Button type="button" onClick={() => add.mutate()} disabled={add.isPending} className="self-start">
            <Plus aria-hidden="true" />
            {add.isPending ? "Waiting for your device..." : "Add a passkey"}
          </Button>
        ) : (
          <p className="text-muted-foreground text-sm">This browser cannot make passkeys.</p>
        )}
      </CardContent>
    </Card>
  );
}

function PasskeyRow({ passkey, justAdded }: { passkey: Passkey; justAdded: boolean }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(justAdded);
  const [name, setName] = useState(passkey.name);
  const [problem, setProblem] = useState<string>();
  const inputId = useId();
  const refresh = () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey });
  const rename = useMutation({
    mutationFn: () => renamePasskey(passkey.id, name),
    onSuccess: async () => {
      setEditing(false);
      setProblem(undefined);
      await refresh();
    },
    onError: (err) => (isSessionEndedError(err) ? undefined : setProblem(errorMessage(err))),
  });
  const remove = useMutation({
    mutationFn: () => removePasskey(passkey.id),
    onSuccess: async () => {
      toast({ title: "Passkey removed", description: `"${passkey.name}" can no longer sign you in.` });
      await refresh();
    },
    onError: (err) => (isSessionEndedError(err) ? undefined : setProblem(errorMessage(err))),
  });

  return (
    <li className="flex flex-col gap-2 p-3">
      {editing ? (
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            rename.mutate();
          }}
        >
          <div className="flex flex-1 flex-col gap-1">
            <label htmlFor={inputId} className="font-medium text-sm">
              {justAdded ? "Name this passkey" : "Passkey name"}
            </label>
            {justAdded ? (
              <p className="text-muted-foreground text-sm">
                A name you will recognise in this list, such as the phone or computer it is on.
              </p>
            ) : null}
            <Input
              id={inputId}
              value={name}
              maxLength={100}
              onChange={(e) => setName(e.target.value)}
              // The person just asked for this passkey: its name comes next.
              autoFocus={justAdded}
            />
          </div>
          <div className="flex gap-2">
            <Button type="submit" disabled={rename.isPending}>
              Save
            </Button>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                setEditing(false);
                setName(passkey.name);
                setProblem(undefined);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="min-w-0">
            <p className="font-medium">{passkey.name}</p>
            <p className="text-muted-foreground text-sm">
              Added {formatCardDate(passkey.createdAt)} ·{" "}
              {passkey.lastUsedAt ? `Last used ${formatCardDate(passkey.lastUsedAt)}` : "Not used yet"}
            </p>
          </div>
          <div className="flex gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              Rename<span className="sr-only"> {passkey.name}</span>
            </Button>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={remove.isPending}
              onClick={() => {
                if (window.confirm(`Remove "${passkey.name}"? It will no longer sign you in.`))
                  remove.mutate();
              }}
            >
              <Trash2 aria-hidden="true" />
              Remove<span className="sr-only"> {passkey.name}</span>
            </Button>
          </div>
        </div>
      )}
      <FormAlert message={problem} />
    </li>
  );
}
