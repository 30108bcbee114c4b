"use client";
import { Button } from "@/components/button";
import { DataTable, type Column } from "@/components/data-table";
import { QueryView } from "@/components/query-view";
import type { SessionView } from "@/lib/auth/schemas";
import { useEndOtherSessions, useRevokeSession, useSessions } from "@/lib/client/hooks/sessions";

const dateTime = (value: string) => new Date(value).toLocaleString();

const columns: Column<SessionView>[] = [
  {
    key: "device",
    header: "Device",
    className: "max-w-xs",
    cell: (session) => (
      <>
        <span className="block truncate" title={session.user_agent ?? undefined}>
          {session.user_agent ?? "Unknown device"}
        </span>
        <span className="text-xs text-slate-500">
          {session.kind === "reseller_portal" ? "Reseller portal" : "Dashboard"}
          {session.current ? " · this session" : ""}
        </span>
      </>
    ),
  },
  { key: "ip", header: "Address", className: "font-mono text-slate-600", cell: (session) => session.ip ?? "—" },
  { key: "created", header: "Signed in", from: "sm", className: "text-slate-600", cell: (session) => dateTime(session.created_at) },
  { key: "seen", header: "Last active", className: "text-slate-600", cell: (session) => dateTime(session.last_seen_at) },
];

/**
 * The account's signed-in sessions (dashboard and reseller portal): where
 * and when, revoke one, or end all but this one ("sign out everywhere
 * else"; the header's Sign out ends this one). The buttons say "Revoke" and
 * "End", not "Sign out", which is the header's.
 */
export function SessionsList() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.data.filter((session) => !session.current).length ?? 0;
  return (
    <section aria-labelledby="sessions-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="sessions-heading" className="text-lg font-semibold">
            Sessions
          </h2>
          <p className="text-sm text-slate-500">Where your account is signed in. A session unused for 12 hours ends by itself.</p>
        </div>
        <Button
          variant="danger"
          disabled={others === 0 || endOthers.isPending}
          onClick={() => {
            if (window.confirm("End every other session? This one stays signed in.")) endOthers.mutate();
          }}
        >
          End all other sessions
        </Button>
      </div>
      {endOthers.data ? (
        <p role="status" className="text-sm text-green-700">
          {endOthers.data.message}
        </p>
      ) : null}
      <QueryView query={{ data: sessions.data?.data, error: sessions.error }} loading="Loading sessions" empty="No session." height="h-32">
        {(rows) => (
          <DataTable
            caption="Sessions"
            rows={rows}
            columns={columns}
            actions={(session) =>
              session.current ? null : (
                <Button
                  variant="danger"
                  aria-label={`Revoke the session of ${session.user_agent ?? "an unknown device"} last active ${dateTime(session.last_seen_at)}`}
                  disabled={revoke.isPending && revoke.variables === session.id}
                  onClick={() => revoke.mutate(session.id)}
                >
                  Revoke
                </Button>
              )
            }
          />
        )}
      </QueryView>
    </section>
  );
}
