import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, RefreshCw, ShieldCheck, ShieldOff } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { CopyLinkField } from "@/client/components/share/copy-link-field";
import { QrCode } from "@/client/components/share/qr-code";
import { showAuthError } from "@/client/components/sign-in/use-auth-success";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { FormAlert, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { toast } from "@/client/components/ui/use-toast";
import { errorMessage } from "@/client/lib/api";
import { saveBlob } from "@/client/lib/download";
import { formatCardDate } from "@/client/lib/format";
import { isSessionEndedError } from "@/client/lib/session-expiry";
import {
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  type TwoFactorEnableInput,
  type TwoFactorSetup,
  twoFactorEnableInput,
  twoFactorPasswordInput,
  twoFactorSignInInput,
} from "@/domain/two-factor";
import {
  disableTwoFactor,
  enableTwoFactor,
  renewRecoveryCodes,
  startTwoFactorSetup,
  twoFactorQueryOptions,
} from "../api";

/** At or below this many unused recovery codes, the card suggests new ones (our choice). */
const FEW_CODES_LEFT = 3;

/**
 * Settings: two-factor sign-in. Off: set it up (a QR code and its key for the authenticator app,
 * then the app's first code and the password). On: how many recovery codes are left, new codes,
 * turn it off. An account of an identity provider is told its provider asks for its own second step.
 */
export function TwoFactorCard() {
  const { data: status, isError } = useQuery(twoFactorQueryOptions);
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [problem, setProblem] = useState<string>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: twoFactorQueryOptions.queryKey });
  const start = useMutation({
    mutationFn: startTwoFactorSetup,
    onMutate: () => setProblem(undefined),
    onSuccess: setSetup,
    onError: (err) => (isSessionEndedError(err) ? undefined : setProblem(errorMessage(err))),
  });

  let body: ReactNode;
  if (codes) {
    body = <RecoveryCodesShown codes={codes} onDone={() => setCodes(null)} />;
  } else if (status === undefined) {
    body = (
      <p className="text-muted-foreground text-sm">
        {isError ? "Two-factor sign-in could not be loaded." : "Loading..."}
      </p>
    );
  } else if (status.state === "provider") {
    body = (
      <p className="text-sm">
        Your account signs in through your identity provider, which asks for its own second step (such as a
        code or a prompt on your phone). Turn it on there.
      </p>
    );
  } else if (status.state === "on") {
    body = (
      <TwoFactorOn
        enabledAt={status.enabledAt}
        codesLeft={status.recoveryCodesLeft ?? 0}
        onCodes={setCodes}
        onOff={refresh}
      />
    );
  } else if (setup) {
    body = (
      <SetUpForm
        setup={setup}
        onEnabled={async (recoveryCodes) => {
          setSetup(null);
          setCodes(recoveryCodes);
          toast({
            title: "Two-factor sign-in is on",
            description:
              "Save your recovery codes now. Your other devices are signed out: they sign in again with a code.",
          });
          await refresh();
        }}
        onCancel={() => setSetup(null)}
      />
    );
  } else {
    body = (
      <>
        <FormAlert message={problem} />
        <Button
          type="button"
          onClick={() => start.mutate()}
          disabled={start.isPending}
          className="self-start"
        >
          <ShieldCheck aria-hidden="true" />
          {start.isPending ? "Starting..." : "Set up two-factor sign-in"}
        </Button>
      </>
    );
  }

  return (
    <Card id="two-factor" className="scroll-mt-20">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-3">
          <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
          <CardTitle>Two-factor sign-in</CardTitle>
          {status?.state === "on" ? <Badge variant="success">On</Badge> : null}
          {status?.state === "off" ? <Badge variant="secondary">Off</Badge> : null}
        </div>
        <CardDescription>
          After your password, signing in also asks for a code from an authenticator app on your phone (such
          as Google Authenticator, Microsoft Authenticator or 2FAS). Someone who learns your password still
          cannot sign in. A passkey that checks your fingerprint, face or screen lock counts as both.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">{body}</CardContent>
    </Card>
  );
}

/** Step 1: add the secret to the app (QR code or key); step 2: its first code and the password. */
function SetUpForm({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnabled: (codes: string[]) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useForm<TwoFactorEnableInput>({
    resolver: zodResolver(twoFactorEnableInput) as Resolver<TwoFactorEnableInput>,
    defaultValues: { code: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const { recoveryCodes } = await enableTwoFactor(values);
      await onEnabled(recoveryCodes);
    } catch (err) {
      if (isSessionEndedError(err)) return;
      showAuthError(form, err, ["code", "password"]);
    }
  });

  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="two-factor-step-1" className="flex flex-col gap-3">
        <h3 id="two-factor-step-1" className="font-semibold">
          1. Add Medical Care Tracker to your authenticator app
        </h3>
        <p className="text-sm">
          In the app, choose to add an account and scan this QR code. If the app is on this phone, copy the
          key below and paste it into the app instead.
        </p>
        <QrCode
          text={setup.uri}
          label="QR code to add Medical Care Tracker to your authenticator app"
          className="self-center sm:self-start"
        />
        <CopyLinkField
          url={setup.secret}
          label="Setup key"
          noun="key"
          copiedHint="The key is copied. Paste it into your authenticator app."
        />
      </section>
      <form
        onSubmit={submit}
        noValidate
        aria-label="Turn on two-factor sign-in"
        className="flex flex-col gap-4 sm:max-w-md"
      >
        <h3 className="font-semibold">2. Enter the code the app shows</h3>
        <FormAlert message={errors.root?.server?.message} />
        <FormField label="Code from your app" error={errors.code?.message} required>
          {(control) => (
            <Input
              {...control}
              {...form.register("code")}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={TOTP_DIGITS + 2}
            />
          )}
        </FormField>
        <FormField label="Your password" error={errors.password?.message} required>
          {(control) => (
            <Input
              {...control}
              {...form.register("password")}
              type="password"
              autoComplete="current-password"
            />
          )}
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Turning on..." : "Turn on"}
          </Button>
          <Button type="button" variant="outline" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

/** The recovery codes, this once: copy or download them, then Done. */
function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form that made them is gone: the focus goes to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  const text = codes.join("\n");
  return (
    <section aria-labelledby="recovery-codes-heading" className="flex flex-col gap-3">
      <h3 id="recovery-codes-heading" ref={heading} tabIndex={-1} className="font-semibold outline-none">
        Save your recovery codes
      </h3>
      <p className="text-sm">
        If you lose your phone, each of these codes signs you in once instead of a code from the app. Keep
        them somewhere safe, away from your phone: a printout at home, or a password manager. They will not be
        shown again.
      </p>
      <CopyLinkField
        url={text}
        label="Recovery codes"
        noun="codes"
        copiedHint="The codes are copied. Paste them somewhere safe."
      />
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            saveBlob(
              new Blob([`Medical Care Tracker recovery codes (each works once)\n\n${text}\n`], {
                type: "text/plain",
              }),
              "medical-care-tracker-recovery-codes.txt",
            )
          }
        >
          <Download aria-hidden="true" />
          Download codes
        </Button>
        <Button type="button" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </section>
  );
}

type Action = "off" | "codes";

/** On: since when, the codes left, and the two actions that need a code or the password. */
function TwoFactorOn({
  enabledAt,
  codesLeft,
  onCodes,
  onOff,
}: {
  enabledAt: string | null;
  codesLeft: number;
  onCodes: (codes: string[]) => void;
  onOff: () => Promise<unknown>;
}) {
  const [action, setAction] = useState<Action | null>(null);
  const [withPassword, setWithPassword] = useState(false);
  return (
    <>
      <p className="text-sm">
        On since {formatCardDate(enabledAt)}. {codesLeft} of {RECOVERY_CODE_COUNT} recovery codes left.
      </p>
      {codesLeft <= FEW_CODES_LEFT ? (
        <p className="text-sm font-medium">
          You have few recovery codes left: make new ones so you can still sign in if you lose your phone.
        </p>
      ) : null}
      {action ? (
        <ProofForm
          // A form of its own for each way, so each checks its own field.
          key={`${action}-${withPassword}`}
          action={action}
          withPassword={withPassword}
          onSwitch={() => setWithPassword(!withPassword)}
          onDone={async (codes) => {
            setAction(null);
            setWithPassword(false);
            if (codes) onCodes(codes);
            await onOff();
          }}
          onCancel={() => {
            setAction(null);
            setWithPassword(false);
          }}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={() => setAction("codes")}>
            <RefreshCw aria-hidden="true" />
            New recovery codes
          </Button>
          <Button
            type="button"
            variant="outline"
            className="text-destructive"
            onClick={() => setAction("off")}
          >
            <ShieldOff aria-hidden="true" />
            Turn off
          </Button>
        </div>
      )}
    </>
  );
}

const ACTION_WORDS: Record<Action, { label: string; busy: string; submit: string; intro: string }> = {
  off: {
    label: "Turn off two-factor sign-in",
    busy: "Turning off...",
    submit: "Turn off",
    intro:
      "Your password alone will sign you in again. To turn it off, enter a code from your app or your password.",
  },
  codes: {
    label: "New recovery codes",
    busy: "Making codes...",
    submit: "Make new codes",
    intro:
      "New codes replace all your old ones, used or not. To make them, enter a code from your app or your password.",
  },
};

interface ProofValues {
  code?: string;
  password?: string;
}

/** A code from the app (or a recovery code), or the password: what turning off and new codes need. */
function ProofForm({
  action,
  withPassword,
  onSwitch,
  onDone,
  onCancel,
}: {
  action: Action;
  withPassword: boolean;
  onSwitch: () => void;
  onDone: (codes?: string[]) => Promise<void>;
  onCancel: () => void;
}) {
  const words = ACTION_WORDS[action];
  const form = useForm<ProofValues>({
    resolver: zodResolver(
      withPassword ? twoFactorPasswordInput : twoFactorSignInInput,
    ) as Resolver<ProofValues>,
    defaultValues: { code: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const { setFocus } = form;
  useEffect(() => setFocus(withPassword ? "password" : "code"), [setFocus, withPassword]);

  const submit = form.handleSubmit(async (values) => {
    const proof = withPassword ? { password: values.password ?? "" } : { code: values.code ?? "" };
    try {
      if (action === "off") {
        const { message } = await disableTwoFactor(proof);
        toast({ title: "Two-factor sign-in is off", description: message });
        await onDone();
      } else {
        const { recoveryCodes } = await renewRecoveryCodes(proof);
        await onDone(recoveryCodes);
      }
    } catch (err) {
      if (isSessionEndedError(err)) return;
      showAuthError(form, err, ["code", "password"]);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={words.label} className="flex flex-col gap-4 sm:max-w-md">
      <p className="text-sm">{words.intro}</p>
      <FormAlert message={errors.root?.server?.message} />
      {withPassword ? (
        <FormField label="Your password" error={errors.password?.message} required>
          {(control) => (
            <Input
              {...control}
              {...form.register("password")}
              type="password"
              autoComplete="current-password"
            />
          )}
        </FormField>
      ) : (
        <FormField
          label="Code from your app"
          hint="Or one of your recovery codes."
          error={errors.code?.message}
          required
        >
          {(control) => (
            <Input
              {...control}
              {...form.register("code")}
              autoComplete="one-time-code"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={64}
            />
          )}
        </FormField>
      )}
      <Button type="button" variant="link" className="h-auto self-start px-0" onClick={onSwitch}>
        {withPassword ? "Use a code instead" : "Use your password instead"}
      </Button>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={action === "off" ? "destructive" : "default"} disabled={isSubmitting}>
          {isSubmitting ? words.busy : words.submit}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
