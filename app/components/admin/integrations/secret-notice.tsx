import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

/** A webhook's signing secret, shown this once (the server never sends it again). */
export function SecretNotice({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Alert variant="warning" className="mt-4 grid gap-3">
      <p className="font-medium">
        The signing secret of {name}. Copy it into the receiver now: it will not be shown again.
      </p>
      <div className="grid gap-2 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <Field label="Signing secret" id="webhook-secret">
          <Input readOnly value={secret} className="font-mono" onFocus={(e) => e.currentTarget.select()} />
        </Field>
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            navigator.clipboard.writeText(secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? "Copied" : "Copy"}
        </Button>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </div>
    </Alert>
  );
}
