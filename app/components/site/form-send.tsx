import type { FormField } from "@common/forms";
import { CHECK_FIELDS_MESSAGE } from "@common/result";
import { buttonVariants } from "~/components/ui/button-variants";
import { inlineJson } from "~/lib/inline-json";
import { FormErrorSummary } from "./form-error-summary";
import { dataAttr } from "~/enhance/data-attributes";
import { dataProps } from "~/lib/data-props";

/**
 * What app/enhance/forms.ts needs from the server to check a public form before it posts:
 * the definitions of the fields the answer checks read (a JSON data block, which runs nothing
 * and so needs no CSP nonce), and the error summary to show, as a template it fills in.
 */
export function FormCheckData({ summaryId, fields }: { summaryId: string; fields: readonly FormField[] }) {
  return (
    <>
      <script
        type="application/json"
        {...dataProps(dataAttr.formFields)}
        dangerouslySetInnerHTML={{ __html: inlineJson(fields) }}
      />
      <template {...dataProps(dataAttr.errorSummaryTemplate)}>
        {/* One link, the pattern the script repeats for each field in error. */}
        <FormErrorSummary id={summaryId} message={CHECK_FIELDS_MESSAGE} links={[{ target: "", text: "" }]} />
      </template>
    </>
  );
}

/**
 * A public form's send button and the polite status under it. While the post is under way the
 * script (app/enhance/forms.ts) disables the button and shows the sending texts given here.
 */
export function SendButton({
  label,
  sendingLabel,
  sendingStatus,
}: {
  label: string;
  sendingLabel: string;
  sendingStatus: string;
}) {
  return (
    <div>
      <button
        type="submit"
        className={buttonVariants({ size: "lg" })}
        {...dataProps(dataAttr.sendingLabel, sendingLabel)}
      >
        {label}
      </button>
      <p
        className="mt-3 text-sm text-slate-600"
        aria-live="polite"
        {...dataProps(dataAttr.sendingStatus, sendingStatus)}
      />
    </div>
  );
}

/**
 * Without JavaScript, a page with a public form comes and goes without the 0.2 s page transition
 * (app.css). Chromium does not apply `autofocus` in a page reached from one that opted in to
 * cross-document view transitions, and the page that answers a post focuses the first field in
 * error, or the confirmation, with it. With JavaScript this is ignored: app/enhance/forms.ts
 * skips the transition of the post alone.
 */
export function NoPageTransitionWithoutScripts() {
  return (
    <noscript>
      <style>{"@view-transition{navigation:none}"}</style>
    </noscript>
  );
}
