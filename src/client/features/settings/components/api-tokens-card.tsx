import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarClock, Plug, Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { ChildrenChooser } from "@/client/components/children/children-chooser";
import { ChoiceChips } from "@/client/components/forms/choice-chips";
import { CopyLinkField } from "@/client/components/share/copy-link-field";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { FormAlert, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { toast } from "@/client/components/ui/use-toast";
import { errorIssues, errorMessage } from "@/client/lib/api";
import type { AuthUser } from "@/client/lib/auth";
import { useChildren } from "@/client/lib/children-api";
import { isSessionEndedError } from "@/client/lib/session-expiry";
import {
  API_TOKEN_DEFAULT_DAYS,
  API_TOKEN_MODE_LABELS,
  API_TOKEN_MODES,
  API_TOKEN_NAME_MAX,
  type ApiToken,
  type ApiTokenState,
  apiTokenInput,
  type CreatedApiToken,
} from "@/domain/api-tokens";
import { apiTokensQueryOptions, createApiToken, revokeApiToken } from "../api";
import { TOKEN_EXPIRY_CHOICES, TOKEN_MODE_HINTS, tokenDates, tokenScope } from "../api-token-texts";

type TokenValues = z.input<typeof apiTokenInput>;
const FIELDS = ["name", "mode", "childIds", "expiresInDays"] as const;
const EMPTY: TokenValues = { name: "", mode: "read", childIds: null, expiresInDays: API_TOKEN_DEFAULT_DAYS };
const MODE_CHOICES = API_TOKEN_MODES.map((mode) => ({
  value: mode,
  label: API_TOKEN_MODE_LABELS[mode],
  hint: TOKEN_MODE_HINTS[mode],
}));
const EXPIRY_OPTIONS = TOKEN_EXPIRY_CHOICES.map((c) => ({ value: String(c.days), label: c.label }));

const STATE_BADGES: Record<ApiTokenState, { label: string; variant: "success" | "secondary" | "warning" }> = {
  active: { label: "Works", variant: "success" },
  expired: { label: "Expired", variant: "secondary" },
  revoked: { label: "Revoked", variant: "warning" },
};

/**
 * Settings: personal API tokens. A token lets another program (a home-automation button, a script)
 * read, or read and log, the family's records as the person, until it expires or is revoked. Each
 * is listed with its family, what it may do, for which children, and when it was made and used.
 */
export function ApiTokensCard({ user }: { user: AuthUser }) {
  const { data: tokens, isError } = useQuery(apiTokensQueryOptions);
  const [open, setOpen] = useState(false);
  const now = new Date();
  return (
    <Card id="api-tokens" className="scroll-mt-20">
      <CardHeader>
        <div className="flex items-center gap-3">
          <Plug aria-hidden="true" className="size-5 text-primary" />
          <CardTitle>API tokens</CardTitle>
        </div>
        <CardDescription>
          Let another program, such as a home-automation button, read or log {user.familyName}'s records as
          you. A token works for one family until it expires or you revoke it, and never does more than your
          role allows. It cannot manage the family, its members or links, or your account.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {tokens === undefined ? (
          <p className="text-muted-foreground text-sm">
            {isError ? "Your API tokens could not be loaded." : "Loading API tokens..."}
          </p>
        ) : tokens.length === 0 ? (
          <p className="text-muted-foreground text-sm">You have no API tokens.</p>
        ) : (
          <ul aria-label="Your API tokens" className="flex flex-col divide-y rounded-md border">
            {tokens.map((token) => (
              <TokenRow key={token.id} token={token} now={now} />
            ))}
          </ul>
        )}
        <Button type="button" onClick={() => setOpen(true)} className="self-start">
          <Plus aria-hidden="true" />
          New token
        </Button>
        <NewTokenDialog open={open} onOpenChange={setOpen} user={user} />
      </CardContent>
    </Card>
  );
}

function TokenRow({ token, now }: { token: ApiToken; now: Date }) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string>();
  const dates = tokenDates(token, now);
  const badge = STATE_BADGES[dates.state];
  const revoke = useMutation({
    mutationFn: () => revokeApiToken(token.id),
    onSuccess: async () => {
      toast({ title: "Token revoked", description: `"${token.name}" no longer works.` });
      await queryClient.invalidateQueries({ queryKey: apiTokensQueryOptions.queryKey });
    },
    onError: (err) => (isSessionEndedError(err) ? undefined : setProblem(errorMessage(err))),
  });
  return (
    <li className="flex flex-col gap-2 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-0.5 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-medium text-base">{token.name}</p>
            <Badge variant={badge.variant}>{badge.label}</Badge>
          </div>
          <p>
            {token.familyName} · {tokenScope(token)}
          </p>
          <p className="text-muted-foreground">{dates.until}</p>
          <p className="text-muted-foreground">
            {dates.made} · {dates.used}
          </p>
        </div>
        {dates.state === "active" ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="text-destructive"
            disabled={revoke.isPending}
            onClick={() => {
              if (window.confirm(`Revoke "${token.name}"? Programs using it will be refused at once.`))
                revoke.mutate();
            }}
          >
            <Trash2 aria-hidden="true" />
            Revoke<span className="sr-only"> {token.name}</span>
          </Button>
        ) : null}
      </div>
      <FormAlert message={problem} />
    </li>
  );
}

function NewTokenDialog({
  open,
  onOpenChange,
  user,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: AuthUser;
}) {
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const change = (next: boolean) => {
    if (!next) setCreated(null);
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        {created ? (
          <CreatedToken token={created} onDone={() => change(false)} />
        ) : (
          <NewTokenForm user={user} onCreated={setCreated} onCancel={() => change(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Its name, what it may do, for which children, and for how long. */
function NewTokenForm({
  user,
  onCreated,
  onCancel,
}: {
  user: AuthUser;
  onCreated: (token: CreatedApiToken) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const { data: children = [] } = useChildren();
  const [problem, setProblem] = useState<string>();
  const form = useForm<TokenValues, unknown, z.output<typeof apiTokenInput>>({
    resolver: zodResolver(apiTokenInput),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const create = useMutation({
    mutationFn: createApiToken,
    onMutate: () => setProblem(undefined),
    onSuccess: async (token) => {
      onCreated(token);
      await queryClient.invalidateQueries({ queryKey: apiTokensQueryOptions.queryKey });
    },
    onError: (err) => {
      if (isSessionEndedError(err)) return;
      const issues = errorIssues(err).filter((i) => (FIELDS as readonly string[]).includes(i.path));
      for (const issue of issues)
        form.setError(issue.path as (typeof FIELDS)[number], { message: issue.message });
      if (issues.length === 0) setProblem(errorMessage(err));
    },
  });
  const readsOnly = user.role === "viewer";

  return (
    <form
      onSubmit={form.handleSubmit((values) => create.mutate(values))}
      noValidate
      aria-label="New API token"
      className="flex flex-col gap-5"
    >
      <DialogHeader>
        <DialogTitle>New API token</DialogTitle>
        <DialogDescription>
          For {user.familyName}. A program sends it to act as you: keep it as secret as a password.
        </DialogDescription>
      </DialogHeader>
      <FormField
        label="Name"
        hint="So you know it in the list, such as the program it is for."
        error={errors.name?.message}
        required
      >
        {(control) => (
          <Input {...control} {...form.register("name")} maxLength={API_TOKEN_NAME_MAX} autoComplete="off" />
        )}
      </FormField>
      <Controller
        control={form.control}
        name="mode"
        render={({ field, fieldState }) => (
          <ChoiceChips
            label="What it may do"
            choices={MODE_CHOICES}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      {readsOnly ? (
        <p className="text-muted-foreground text-sm">
          Your role in this family reads only, so a token of yours can only read too.
        </p>
      ) : null}
      {children.length > 0 ? (
        <Controller
          control={form.control}
          name="childIds"
          render={({ field, fieldState }) => (
            <ChildrenChooser
              legend="Children it sees"
              familyChildren={children}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
      ) : null}
      <Controller
        control={form.control}
        name="expiresInDays"
        render={({ field, fieldState }) => (
          <ChoiceChips
            label="How long it works"
            choices={EXPIRY_OPTIONS}
            value={String(field.value ?? API_TOKEN_DEFAULT_DAYS)}
            onChange={(value) => field.onChange(Number(value))}
            error={fieldState.error?.message}
          />
        )}
      />
      <FormAlert message={problem} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creating..." : "Create token"}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The new token, shown this once, to copy into the program. */
function CreatedToken({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  const copyButton = useRef<HTMLButtonElement>(null);
  // The form's buttons are gone: the focus goes to Copy, the next thing to do.
  useEffect(() => copyButton.current?.focus(), []);
  const dates = tokenDates(token, new Date());
  return (
    <div className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>Token "{token.name}"</DialogTitle>
        <DialogDescription>
          Copy it now: it will not be shown again. If you lose it, revoke it and make a new one.
        </DialogDescription>
      </DialogHeader>
      <CopyLinkField
        url={token.token}
        label="Token"
        noun="token"
        copiedHint="The token is copied. Paste it into the program's settings."
        buttonRef={copyButton}
      />
      <div className="flex flex-col gap-1 rounded-lg border border-border bg-muted p-3 text-sm">
        <p className="flex items-center gap-2 font-semibold text-base">
          <CalendarClock aria-hidden="true" className="size-5 shrink-0 text-primary" />
          {dates.until}
        </p>
        <p>
          {token.familyName} · {tokenScope(token)}. The program sends it in the header{" "}
          <code className="break-all">Authorization: Bearer {"<token>"}</code>.
        </p>
      </div>
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </div>
  );
}
