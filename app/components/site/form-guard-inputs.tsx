import { HONEYPOT_FIELD } from "@common/lead";
import { dataAttr } from "~/enhance/data-attributes";
import { dataProps } from "~/lib/data-props";

/**
 * The hidden inputs every public form carries for the one guard in server/forms/pipeline.ts:
 * the signed form token and the honeypot. Used by the Free Analysis form and by every form on
 * /forms/<slug>. In the browser, app/enhance/form-guard.ts swaps the page's token for one
 * issued now and adds where the visit began.
 */
export function FormGuardInputs({
  prefix,
  token,
  answeredToken,
}: {
  prefix: string;
  token: string;
  /** The token the server sent back with a field error: it is posted again as it is. */
  answeredToken?: unknown;
}) {
  const answered = typeof answeredToken === "string" && answeredToken ? answeredToken : undefined;
  return (
    <>
      <input
        type="hidden"
        name="formToken"
        value={answered ?? token}
        {...dataProps(dataAttr.formToken, answered ? "answered" : "rendered")}
        readOnly
      />
      {/* Honeypot: off-screen and hidden from assistive technology; people leave it empty. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor={`${prefix}-${HONEYPOT_FIELD}`}>Referral code (leave this empty)</label>
        <input
          id={`${prefix}-${HONEYPOT_FIELD}`}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
    </>
  );
}
