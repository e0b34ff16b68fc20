import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useBlocker, useNavigate } from "react-router";
import type { ActionSuccess, FieldErrors } from "@common/result";
import { slugify } from "@common/slug";
import type { ArticleResponse, SavedArticle } from "@server/content/api";
import { useResultFeedback, type Outcome } from "~/components/ui/use-result-feedback";
import { contentKeys } from "~/lib/query-keys";
import { ApiRequestError, apiAction, apiRequest } from "~/lib/queryClient";
import type { KindInfo } from "./article-kind";
import {
  checkValues,
  EMPTY_VALUES,
  sameValues,
  valuesOf,
  type ArticleFormValues,
  type EditorItem,
} from "./article-form";

/** How long typing must pause before a draft saves itself. */
export const AUTOSAVE_DELAY_MS = 1500;

type SaveRequest = { values: ArticleFormValues; autosave: boolean; baseVersion?: number };

class InvalidFields extends Error {
  constructor(readonly fieldErrors: FieldErrors) {
    super("Please correct the highlighted fields and try again.");
  }
}

/**
 * The editor's state: the fields, the version they are based on, saving (explicit, and
 * autosave of drafts after a pause in typing), the stale-version conflict (reload or
 * overwrite), and the guard against leaving with unsaved changes (in-app navigation via
 * useBlocker, and closing or reloading the tab via beforeunload).
 */
export function useArticleEditor(info: KindInfo, item: EditorItem | undefined, authorName: string) {
  const keys = contentKeys(info.kind);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [values, setValues] = useState<ArticleFormValues>(() => (item ? valuesOf(item) : EMPTY_VALUES));
  const [saved, setSaved] = useState<ArticleFormValues>(values);
  const [baseVersion, setBaseVersion] = useState(item?.version ?? 0);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState(false);
  const [savedAt, setSavedAt] = useState<string | null>(item?.updatedAt ?? null);
  const [autosaveError, setAutosaveError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>();
  const slugTouched = useRef(!!item);
  const dirty = !sameValues(values, saved);
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  // The values on screen now, for a save's answer that comes after more typing.
  const valuesRef = useRef(values);
  useEffect(() => {
    valuesRef.current = values;
  }, [values]);
  // A refused save marks only the fields still as they were sent: an autosave of a taken slug
  // answered after the slug was changed again must not mark the new one as taken.
  const errorsStillTrue = (errors: FieldErrors, sent: ArticleFormValues): FieldErrors =>
    Object.fromEntries(
      Object.entries(errors).filter(
        ([name]) =>
          !(name in sent) ||
          sent[name as keyof ArticleFormValues] === valuesRef.current[name as keyof ArticleFormValues],
      ),
    );

  const mutation = useMutation({
    mutationFn: async (request: SaveRequest): Promise<ActionSuccess<SavedArticle>> => {
      const checked = checkValues(request.values, item, Date.now(), authorName);
      if (!checked.ok) throw new InvalidFields(checked.fieldErrors);
      if (!item) return apiAction<SavedArticle>("POST", keys.all[0], checked.input);
      return apiAction<SavedArticle>("PUT", keys.detail(item.id).join("/"), {
        ...checked.input,
        baseVersion: request.baseVersion ?? baseVersion,
        autosave: request.autosave,
      });
    },
    onSuccess: async (result, request) => {
      const data = result.data!;
      setSaved(request.values);
      setBaseVersion(data.version);
      setSavedAt(data.updatedAt);
      setFieldErrors({});
      setAutosaveError(null);
      setConflict(false);
      if (!request.autosave) setOutcome(result);
      if (!item) {
        dirtyRef.current = false;
        await queryClient.invalidateQueries({ queryKey: keys.all });
        await navigate(`${info.basePath}/${data.id}`, { replace: true });
        return;
      }
      await queryClient.invalidateQueries({ queryKey: keys.all });
    },
    onError: (error, request) => {
      if (error instanceof InvalidFields) {
        if (request.autosave) return setAutosaveError("Not saved yet: fill in the highlighted fields.");
        setFieldErrors(errorsStillTrue(error.fieldErrors, request.values));
        setOutcome({ ok: false, formError: error.message, fieldErrors: error.fieldErrors });
        return;
      }
      if (error instanceof ApiRequestError && error.status === 409 && !error.fields?.slug) {
        setConflict(true);
        return;
      }
      const fields = error instanceof ApiRequestError ? (error.fields ?? {}) : {};
      setFieldErrors(errorsStillTrue(fields, request.values));
      if (request.autosave)
        setAutosaveError(error instanceof ApiRequestError ? error.userMessage : "Not saved: offline?");
      else setOutcome(error);
    },
  });
  useResultFeedback(outcome);

  const save = useCallback(
    (overrides: Partial<ArticleFormValues> = {}) =>
      mutation.mutate({ values: { ...values, ...overrides }, autosave: false }),
    [mutation, values],
  );

  // Autosave: a saved draft that stays a draft saves itself after a pause in typing.
  const canAutosave = !!item && item.status === "draft" && values.status === "draft" && !conflict;
  useEffect(() => {
    if (!canAutosave || !dirty || mutation.isPending) return;
    const timer = setTimeout(() => mutation.mutate({ values, autosave: true }), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [canAutosave, dirty, values, mutation]);

  // Leaving with unsaved changes: in the app, and closing or reloading the tab.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const setField = <K extends keyof ArticleFormValues>(name: K, value: ArticleFormValues[K]) => {
    // A field's error goes once it is edited (the next check or save says again if needed).
    setFieldErrors((errors) => {
      if (!errors[name]) return errors;
      const { [name]: _gone, ...rest } = errors;
      return rest;
    });
    setValues((v) => {
      const next = { ...v, [name]: value };
      if (name === "slug") slugTouched.current = true;
      if (name === "title" && !slugTouched.current) next.slug = slugify(String(value));
      return next;
    });
  };

  /**
   * The values as the API would take them, for the preview of unsaved changes; undefined
   * (and the fields' errors shown) when the shared schema refuses them.
   */
  const previewInput = () => {
    const checked = checkValues(values, item, Date.now(), authorName);
    if (checked.ok) return checked.input;
    const error = new InvalidFields(checked.fieldErrors);
    setFieldErrors(error.fieldErrors);
    setOutcome({ ok: false, formError: error.message, fieldErrors: error.fieldErrors });
    return undefined;
  };

  /** Takes the stored item as it is now (after a conflict: someone else's version wins). */
  const reload = async () => {
    if (!item) return;
    const res = await apiRequest("GET", keys.detail(item.id).join("/"));
    const fresh = ((await res.json()) as ArticleResponse).item;
    queryClient.setQueryData(keys.detail(item.id), { item: fresh });
    const next = valuesOf(fresh);
    setValues(next);
    setSaved(next);
    setBaseVersion(fresh.version);
    setSavedAt(fresh.updatedAt);
    setConflict(false);
    setFieldErrors({});
    await queryClient.invalidateQueries({ queryKey: keys.revisions(item.id) });
  };

  /** Saves these values over whatever is stored now (after a conflict). */
  const overwrite = async () => {
    if (!item) return;
    const res = await apiRequest("GET", keys.detail(item.id).join("/"));
    const fresh = ((await res.json()) as ArticleResponse).item;
    setConflict(false);
    mutation.mutate({ values, autosave: false, baseVersion: fresh.version });
  };

  const state: "saving" | "dirty" | "saved" | "error" | "new" = mutation.isPending
    ? "saving"
    : autosaveError && dirty
      ? "error"
      : dirty
        ? "dirty"
        : item
          ? "saved"
          : "new";

  return {
    values,
    setField,
    fieldErrors,
    save,
    previewInput,
    saving: mutation.isPending,
    state,
    savedAt,
    autosaveError,
    canAutosave,
    dirty,
    baseVersion,
    conflict,
    setConflict,
    reload,
    overwrite,
    blocker,
    /** Forget unsaved changes (before leaving on purpose, e.g. after deleting). */
    discard: () => {
      dirtyRef.current = false;
      setValues(saved);
    },
  };
}

export type ArticleEditorState = ReturnType<typeof useArticleEditor>;
