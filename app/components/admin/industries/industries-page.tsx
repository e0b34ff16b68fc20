import { useQuery } from "@tanstack/react-query";
import { Building2 } from "lucide-react";
import { useCallback, useState } from "react";
import { useSearchParams } from "react-router";
import type { Industry } from "@server/industries/industries";
import type { IndustriesResponse } from "@server/industries/api";
import { IndustryEditor } from "./industry-editor";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { ListSkeleton } from "~/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { failureMessage } from "~/components/ui/use-result-feedback";
import { industriesKeys } from "~/lib/query-keys";

/** The industry pages (GET /api/admin/industries), in public order, each edited in a dialog. */
export function IndustriesPage() {
  const industries = useQuery<IndustriesResponse>({ queryKey: industriesKeys.list() });
  const [chosen, setEditing] = useState<Industry | null>(null);
  // ?edit=<id> (the media list's "where used" links) opens that industry's editor.
  const [params, setParams] = useSearchParams();
  const editId = params.get("edit");
  const editing = chosen ?? industries.data?.industries.find((industry) => industry.id === editId) ?? null;
  const onOpenChange = useCallback(
    (open: boolean) => {
      if (open) return;
      setEditing(null);
      setParams(
        (current) => {
          current.delete("edit");
          return current;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold text-foreground">Industries</h1>
        <p className="mt-2 text-muted-foreground">The pages under /industries, in the order visitors see them.</p>
      </div>
      <Card title="Industry pages" description="Lower order numbers come first.">
        <div className="mt-4">
          {industries.isPending ? (
            <ListSkeleton label="Loading industries..." />
          ) : industries.isError ? (
            <Alert variant="error">{failureMessage(industries.error)}</Alert>
          ) : industries.data.industries.length === 0 ? (
            <EmptyState icon={Building2} title="No industry pages" description="The seed adds them on first start." />
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Industry</TableHead>
                  <TableHead>Order</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {industries.data.industries.map((industry) => (
                  <TableRow key={industry.id}>
                    <TableCell>
                      <p className="font-medium text-foreground">{industry.name}</p>
                      {industry.published ? (
                        <a className="text-sm text-link underline" href={`/industries/${industry.slug}`}>
                          /industries/{industry.slug}
                        </a>
                      ) : (
                        <p className="text-sm text-muted-foreground">/industries/{industry.slug}</p>
                      )}
                    </TableCell>
                    <TableCell>{industry.sortOrder}</TableCell>
                    <TableCell>
                      <Badge variant={industry.published ? "success" : "warning"}>
                        {industry.published ? "Published" : "Hidden"}
                      </Badge>
                    </TableCell>
                    <TableCell>
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        aria-label={`Edit: ${industry.name}`}
                        onClick={() => setEditing(industry)}
                      >
                        Edit
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </div>
      </Card>
      <IndustryEditor industry={editing} onOpenChange={onOpenChange} onReplace={setEditing} />
    </div>
  );
}
