import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { PASSWORD_RULE } from "@common/users";
import { requestMetaOf } from "@server/auth/route-helpers";
import { getDb } from "@server/db";
import { runAction } from "@server/http/action-result";
import { actionForm } from "@server/http/body";
import { acceptInvite, findInvite } from "@server/users/users";
import { Alert } from "~/components/ui/alert";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Button } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/accept-invite";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Set your password",
    description: "Accept your invitation to the Meritum admin area.",
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const user = await findInvite(getDb(), token);
  return { token, email: user?.email ?? null };
}

export async function action(args: Route.ActionArgs) {
  const form = await actionForm(args);
  return runAction(async () => {
    await acceptInvite(getDb(), Object.fromEntries(form), requestMetaOf(args));
    throw redirect("/login?notice=invite-accepted");
  });
}

export default function AcceptInvitePage() {
  const { token, email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failed = result && !result.ok ? result : undefined;
  const busy = useNavigation().state !== "idle";
  if (!email) {
    return (
      <>
        <h1 className="text-2xl font-bold text-slate-900">This invitation does not work</h1>
        <div className="mt-4">
          <Alert variant="error">
            This invitation link is invalid, was already used, or has expired (invitations are valid for 72 hours).
            Please ask an administrator to invite you again.
          </Alert>
        </div>
        <p className="mt-6 text-sm">
          <Link to="/login" className="font-medium text-brand-700 underline underline-offset-2">
            Go to sign in
          </Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Set your password</h1>
      <p className="mt-2 text-sm text-slate-600">
        Welcome! Choose a password for <strong>{email}</strong>.
      </p>
      <Form method="post" className="mt-6 grid gap-4">
        <input type="hidden" name="token" value={token} />
        {failed ? <Alert variant="error">{failed.formError}</Alert> : null}
        <Field label="Password" required hint={PASSWORD_RULE} error={failed?.fieldErrors?.password}>
          <Input name="password" type="password" autoComplete="new-password" minLength={12} autoFocus />
        </Field>
        <Field label="Repeat the password" required error={failed?.fieldErrors?.confirm}>
          <Input name="confirm" type="password" autoComplete="new-password" minLength={12} />
        </Field>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Set password"}
        </Button>
      </Form>
    </>
  );
}
