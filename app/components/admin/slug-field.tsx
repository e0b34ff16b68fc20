import { useQuery, type QueryKey } from "@tanstack/react-query";
import { CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { SLUG_PATTERN } from "@common/slug";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { failureMessage } from "~/components/ui/use-result-feedback";
import { useDebounced } from "~/lib/use-debounced";

/**
 * A slug, checked with the API as you type: once typing pauses, a well-formed slug is looked
 * up at `checkKey(slug)` (the section's `slug-check`, which answers 409 with the reason when
 * another item has it). "Available" shows beside the field; a taken slug shows as its error.
 * The article editor and the industry editor use it.
 */
export function SlugField({
  id,
  value,
  error,
  maxLength,
  checkKey,
  hint,
  onChange,
}: {
  id?: string;
  value: string;
  error?: string;
  maxLength: number;
  checkKey: (slug: string) => QueryKey;
  hint: ReactNode;
  onChange: (value: string) => void;
}) {
  const slug = useDebounced(value.trim(), 350);
  const wellFormed = SLUG_PATTERN.test(slug) && slug.length <= maxLength;
  const check = useQuery({
    queryKey: checkKey(slug),
    enabled: wellFormed,
    staleTime: 0,
    gcTime: 0,
  });
  let status: { ok: boolean; text: string } | null = null;
  if (!error && wellFormed && slug === value.trim()) {
    if (check.isSuccess) status = { ok: true, text: "Available" };
    else if (check.isError) status = { ok: false, text: failureMessage(check.error) ?? "Could not check the slug." };
  }
  return (
    <Field
      label="Slug"
      id={id}
      required
      mark="required"
      error={error ?? (status && !status.ok ? status.text : undefined)}
      hint={hint}
    >
      <div className="relative">
        <Input
          name="slug"
          value={value}
          maxLength={maxLength}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => onChange(e.currentTarget.value)}
          className="pr-28 font-mono"
        />
        <span
          aria-live="polite"
          className="absolute inset-y-0 right-3 flex items-center text-xs font-medium text-success"
        >
          {status?.ok ? (
            <>
              <CircleCheck className="mr-1 size-3.5" aria-hidden />
              {status.text}
            </>
          ) : null}
        </span>
      </div>
    </Field>
  );
}
