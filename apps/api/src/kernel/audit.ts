import type { AuditAction, AuditEntry, AuditPage, AuditTargetType, PageQuery } from '@shop/shared';
import { count, desc } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { auditLog } from '../db/schema.js';

/** The admin who acts: the shop user of the request's token. */
export interface AuditActor {
  id: string;
  email: string;
}

export interface AuditRecord {
  actor: AuditActor;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  /** A readable name of the target now, kept after the target is gone. */
  targetLabel: string;
  details?: Record<string, unknown> | null;
}

/**
 * Adds one row to the audit log. Call it with the transaction that makes the change, so the
 * change and its record commit together: an admin action is never done without its record,
 * and a refused or rolled-back action leaves none.
 */
export async function recordAudit(tx: Db, record: AuditRecord): Promise<void> {
  await recordAudits(tx, [record]);
}

/**
 * Rows per INSERT of the audit log: 7 parameters each, well under PostgreSQL's 65,535 bind
 * parameters in one statement (an import of 100,000 prices records 100,000 changes).
 */
const AUDIT_BATCH = 2000;

/** Several records, a batch per statement (a catalogue or price import's changes). */
export async function recordAudits(tx: Db, records: AuditRecord[]): Promise<void> {
  for (let first = 0; first < records.length; first += AUDIT_BATCH) {
    await tx.insert(auditLog).values(
      records.slice(first, first + AUDIT_BATCH).map((record) => ({
        actorId: record.actor.id,
        actorEmail: record.actor.email,
        action: record.action,
        targetType: record.targetType,
        targetId: record.targetId,
        targetLabel: record.targetLabel,
        details: record.details ?? null,
      })),
    );
  }
}

const entryColumns = {
  _id: auditLog.id,
  createdAt: auditLog.createdAt,
  actorEmail: auditLog.actorEmail,
  action: auditLog.action,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  targetLabel: auditLog.targetLabel,
  details: auditLog.details,
};

/**
 * GET /admin/audit: one page of the log, newest first. By `seq`, not `created_at`: actions in
 * one transaction, or in the same microsecond, still come in the order they were recorded.
 */
export async function listAudit(db: Db, { page, limit }: PageQuery): Promise<AuditPage> {
  const rows = await db
    .select(entryColumns)
    .from(auditLog)
    .orderBy(desc(auditLog.seq))
    .limit(limit)
    .offset((page - 1) * limit);
  const [total] = await db.select({ value: count() }).from(auditLog);
  return {
    // The column is text; only this module writes it, always with an AuditAction.
    items: rows.map((row): AuditEntry => ({
      ...row,
      action: row.action as AuditAction,
      targetType: row.targetType as AuditTargetType,
      createdAt: row.createdAt.toISOString(),
      details: row.details ?? null,
    })),
    total: total?.value ?? 0,
    page,
    limit,
  };
}
