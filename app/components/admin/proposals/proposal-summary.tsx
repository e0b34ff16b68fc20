import { PROPOSAL_STATE_LABELS, PROPOSAL_STATES, type ProposalState } from "@common/proposals";
import { formatCents } from "@common/proposal-math";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";

/** The contacts list's proposal column: the state and the latest review's annual estimate (decision 0043). */
export function ProposalCell({ state, annualCents }: { state: ProposalState | null; annualCents: number | null }) {
  if (!state) return <span className="text-muted-foreground">—</span>;
  return (
    <>
      <span className="block">{PROPOSAL_STATE_LABELS[state]}</span>
      {annualCents !== null ? (
        <span className="block text-muted-foreground">
          {annualCents > 0 ? `${formatCents(annualCents)} / yr` : "No saving"}
        </span>
      ) : null}
    </>
  );
}

/** The contacts list's proposal filter (`?proposal=`). */
export function ProposalFilter({ value, error }: { value: string; error?: string }) {
  return (
    <Field label="Proposal" id="contacts-proposal" error={error}>
      <Select name="proposal" defaultValue={value}>
        <option value="">Any</option>
        <option value="none">No review yet</option>
        {PROPOSAL_STATES.map((s) => (
          <option key={s} value={s}>
            {PROPOSAL_STATE_LABELS[s]}
          </option>
        ))}
      </Select>
    </Field>
  );
}
