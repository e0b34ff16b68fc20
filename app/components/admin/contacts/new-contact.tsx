import { Plus } from "lucide-react";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { contactInputSchema, type ContactInput } from "@common/contacts";
import { useApiForm } from "~/components/admin/use-api-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { apiAction } from "~/lib/queryClient";
import { contactsKeys } from "~/lib/query-keys";
import { ContactFields } from "./contact-fields";

/** Adds a contact by hand (a phone call, a referral): POST /api/admin/contacts, then opens it. */
export function NewContact() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useApiForm(formRef, {
    schema: contactInputSchema,
    send: async (input: ContactInput) => {
      const result = await apiAction<{ id: string }>("POST", contactsKeys.all[0], input);
      setOpen(false);
      if (result.data) void navigate(`/admin/contacts/${encodeURIComponent(result.data.id)}`);
      return result;
    },
    invalidate: contactsKeys.all,
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button">
          <Plus className="size-4" aria-hidden />
          Add contact
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add a contact</DialogTitle>
          <DialogDescription>
            Someone who called or was referred. A contact is one per e-mail address.
          </DialogDescription>
        </DialogHeader>
        <form ref={formRef} method="post" noValidate onSubmit={form.onSubmit} className="mt-4">
          {form.formError ? (
            <Alert variant="error" className="mb-4">
              {form.formError}
            </Alert>
          ) : null}
          <ContactFields idPrefix="new-contact" fieldErrors={form.fieldErrors} />
          <DialogFooter>
            <Button type="submit" disabled={form.pending}>
              {form.pending ? "Adding..." : "Add contact"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
