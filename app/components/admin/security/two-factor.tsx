import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type ReactNode, type RefObject } from "react";
import { Alert } from "~/components/ui/alert";
import { Button, type ButtonProps } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useResultFeedback, type Outcome } from "~/components/ui/use-result-feedback";
import { apiAction } from "~/lib/queryClient";
import { securityKeys } from "~/lib/query-keys";

const BASE = "/api/admin/security/two-factor";

/**
 * Two-factor authentication: off → password → QR code and key → first code → backup
 * codes (shown once); on → password → off.
 */
export function TwoFactor({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.all });
  const [outcome, setOutcome] = useState<Outcome>();
  const start = useMutation({
    mutationFn: (body: { password: string }) => apiAction<{ qr: string; key: string }>("POST", BASE, body),
    onSuccess: setOutcome,
    onError: setOutcome,
  });
  const confirm = useMutation({
    mutationFn: (body: { code: string }) => apiAction<{ backupCodes: string[] }>("POST", `${BASE}/confirm`, body),
    onSuccess: (result) => {
      setOutcome(result);
      return refresh();
    },
    onError: setOutcome,
  });
  const disable = useMutation({
    mutationFn: (body: { password: string }) => apiAction("POST", `${BASE}/disable`, body),
    onSuccess: (result) => {
      setOutcome(result);
      start.reset();
      confirm.reset();
      return refresh();
    },
    onError: setOutcome,
  });
  const formRef = useRef<HTMLFormElement>(null);
  // Starting set-up answers with the QR code: the next step says what to do, no toast.
  const feedback = useResultFeedback(outcome, { form: formRef, success: outcome === start.data ? false : undefined });
  const setup = start.data?.data;
  const backupCodes = confirm.data?.data?.backupCodes;

  return (
    <Card
      title="Two-factor authentication"
      description={
        <>
          Status: <strong>{enabled ? "On" : "Off"}</strong>. With it on, signing in also asks for a code from an
          authenticator app.
        </>
      }
    >
      {backupCodes ? (
        <div className="mt-4 grid gap-3">
          <Alert variant="success">
            Two-factor authentication is on. Save these backup codes now: they are shown only once, and each works once.
          </Alert>
          <ul
            aria-label="Backup codes"
            className="grid grid-cols-2 gap-2 rounded-md bg-muted p-4 font-mono text-sm text-foreground sm:grid-cols-5"
          >
            {backupCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </div>
      ) : enabled ? (
        <PasswordStep
          formRef={formRef}
          id="disable-2fa-password"
          hint="Enter your password to turn two-factor authentication off."
          error={feedback.fieldErrors.password}
          formError={feedback.formError}
          pending={disable.isPending}
          variant="destructive"
          onSubmit={(password) => disable.mutate({ password })}
        >
          Turn off two-factor authentication
        </PasswordStep>
      ) : setup ? (
        <div className="mt-4 grid gap-4">
          <p className="text-sm text-slate-700">
            Scan this QR code with your authenticator app, or type the key in manually. Then enter the 6-digit code it
            shows.
          </p>
          <img
            src={setup.qr}
            alt="QR code for your authenticator app"
            width={200}
            height={200}
            className="rounded border border-border"
          />
          <p className="text-sm text-slate-700">
            Manual key:{" "}
            <code
              className="break-all rounded bg-subtle px-1.5 py-0.5 font-mono text-foreground"
              data-testid="totp-key"
            >
              {setup.key}
            </code>
          </p>
          <form
            ref={formRef}
            method="post"
            noValidate
            className="grid max-w-md gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              confirm.mutate({ code: String(new FormData(event.currentTarget).get("code") ?? "") });
            }}
          >
            <Field label="Code from the app" id="confirm-2fa-code" required error={feedback.fieldErrors.code}>
              <Input name="code" inputMode="numeric" autoComplete="one-time-code" />
            </Field>
            <div>
              <Button type="submit" disabled={confirm.isPending}>
                Confirm and turn on
              </Button>
            </div>
          </form>
        </div>
      ) : (
        <PasswordStep
          formRef={formRef}
          id="enable-2fa-password"
          hint="Enter your password to set up two-factor authentication."
          error={feedback.fieldErrors.password}
          formError={feedback.formError}
          pending={start.isPending}
          onSubmit={(password) => start.mutate({ password })}
        >
          Set up two-factor authentication
        </PasswordStep>
      )}
    </Card>
  );
}

function PasswordStep({
  formRef,
  id,
  hint,
  error,
  formError,
  pending,
  variant,
  onSubmit,
  children,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  id: string;
  hint: string;
  error?: string;
  formError?: string;
  pending: boolean;
  variant?: ButtonProps["variant"];
  onSubmit: (password: string) => void;
  children: ReactNode;
}) {
  return (
    <form
      ref={formRef}
      method="post"
      noValidate
      className="mt-4 grid max-w-md gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(String(new FormData(event.currentTarget).get("password") ?? ""));
      }}
    >
      {formError && !error ? <Alert variant="error">{formError}</Alert> : null}
      <Field label="Password" id={id} required hint={hint} error={error}>
        <Input name="password" type="password" autoComplete="current-password" />
      </Field>
      <div>
        <Button type="submit" variant={variant} disabled={pending}>
          {children}
        </Button>
      </div>
    </form>
  );
}
