import {
  OperationNodeTransformer,
  PrimitiveValueListNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
  type BinaryOperationNode,
  type InsertQueryNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from "kysely";
import { sha256 } from "./token-hash";

/**
 * Session tokens at rest (decision 0020). better-auth reads and writes `session.token`
 * through its Kysely adapter; this plugin, on better-auth's handle only, replaces every
 * token value it sends (the inserted token, `token = ?` and `token in (…)`) with its
 * SHA-256 digest, and puts the token the query was about back into the rows it returns, so
 * better-auth sees the token it issued while the table only ever holds digests. `token` is
 * a column of the session table alone in this schema.
 */
function columnName(node: OperationNode): string | undefined {
  if (node.kind === "ReferenceNode") return columnName((node as unknown as { column: OperationNode }).column);
  if (node.kind === "ColumnNode") return (node as unknown as { column: { name: string } }).column.name;
  return undefined;
}

class TokenHasher extends OperationNodeTransformer {
  readonly digests = new Map<string, string>();

  private hash(value: unknown): unknown {
    if (typeof value !== "string") return value;
    const digest = sha256(value);
    this.digests.set(digest, value);
    return digest;
  }

  private hashOperand(node: OperationNode): OperationNode {
    if (ValueNode.is(node)) return ValueNode.create(this.hash(node.value));
    if (PrimitiveValueListNode.is(node)) return PrimitiveValueListNode.create(node.values.map((v) => this.hash(v)));
    if (ValueListNode.is(node)) return ValueListNode.create(node.values.map((v) => this.hashOperand(v)));
    return node;
  }

  protected override transformBinaryOperation(node: BinaryOperationNode, queryId?: QueryId): BinaryOperationNode {
    const out = super.transformBinaryOperation(node, queryId);
    if (columnName(out.leftOperand) !== "token") return out;
    return { ...out, rightOperand: this.hashOperand(out.rightOperand) };
  }

  protected override transformInsertQuery(node: InsertQueryNode, queryId?: QueryId): InsertQueryNode {
    const out = super.transformInsertQuery(node, queryId);
    const table = out.into?.table.identifier.name;
    const index = out.columns?.findIndex((c) => c.column.name === "token") ?? -1;
    if (table !== "session" || index < 0 || !out.values || !ValuesNode.is(out.values)) return out;
    const rows = out.values.values.map((row) => {
      if (PrimitiveValueListNode.is(row))
        return PrimitiveValueListNode.create(row.values.map((v, i) => (i === index ? this.hash(v) : v)));
      return ValueListNode.create(row.values.map((v, i) => (i === index ? this.hashOperand(v) : v)));
    });
    return { ...out, values: ValuesNode.create(rows) };
  }
}

const TOKEN_KEYS = new Set(["token", "_joined_session_token"]);

export class SessionTokenHashPlugin implements KyselyPlugin {
  private readonly pending = new WeakMap<object, Map<string, string>>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const hasher = new TokenHasher();
    const node = hasher.transformNode(args.node);
    if (hasher.digests.size) this.pending.set(args.queryId, hasher.digests);
    return node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const digests = this.pending.get(args.queryId);
    if (!digests) return args.result;
    this.pending.delete(args.queryId);
    for (const row of args.result.rows) {
      for (const key of Object.keys(row)) {
        const value = row[key];
        if (TOKEN_KEYS.has(key) && typeof value === "string" && digests.has(value)) row[key] = digests.get(value);
      }
    }
    return args.result;
  }
}
