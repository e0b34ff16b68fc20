import { FileText } from "lucide-react";
import { useState } from "react";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { proposalsKeys } from "~/lib/query-keys";

export interface StatementFile {
  id: string;
  filename: string;
  /** pdf | png | jpeg */
  type: string;
}

/**
 * The statement beside the worksheet: a PDF in the browser's own viewer (a frame on the
 * staff-only inline URL, whose CSP allows this origin to frame it), an image as an image.
 */
export function StatementViewer({
  contactId,
  statements,
  selected,
  onSelect,
}: {
  contactId: string;
  statements: StatementFile[];
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const [zoom, setZoom] = useState(false);
  const file = statements.find((s) => s.id === selected) ?? null;
  const src = file ? `${proposalsKeys.contact(contactId).join("/")}/statements/${encodeURIComponent(file.id)}` : "";
  return (
    <Card
      title="Statement"
      description={file ? file.filename : "No statement on file: enter the figures from the statement or a call."}
      className="lg:sticky lg:top-4"
    >
      {statements.length > 1 ? (
        <Field label="Statement shown" id="worksheet-statement" className="mt-4">
          <Select value={selected ?? ""} onChange={(e) => onSelect(e.currentTarget.value)}>
            {statements.map((s) => (
              <option key={s.id} value={s.id}>
                {s.filename}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      {file?.type === "pdf" ? (
        <iframe
          key={file.id}
          src={src}
          title={`Statement: ${file.filename}`}
          className="mt-4 h-[60vh] w-full rounded-md border border-border lg:h-[75vh]"
        />
      ) : file ? (
        <button
          type="button"
          onClick={() => setZoom(!zoom)}
          aria-pressed={zoom}
          className="mt-4 block max-h-[75vh] w-full overflow-auto rounded-md border border-border"
        >
          <span className="sr-only">{zoom ? "Fit the statement to the panel" : "Show the statement at full size"}</span>
          <img src={src} alt={`Statement: ${file.filename}`} className={zoom ? "max-w-none" : "w-full"} />
        </button>
      ) : (
        <p className="mt-4 flex items-center gap-2 rounded-md border border-dashed border-border p-6 text-sm text-muted-foreground">
          <FileText className="size-5 shrink-0" aria-hidden />
          The merchant has not uploaded a statement. The worksheet works the same with figures taken on a call.
        </p>
      )}
      {file ? (
        <a
          href={src}
          target="_blank"
          rel="noreferrer"
          className="mt-3 inline-block text-sm font-medium text-link underline"
        >
          Open the statement in a new tab
        </a>
      ) : null}
    </Card>
  );
}
