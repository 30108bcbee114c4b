"use client";
import { Button } from "@/components/button";
import { TableScroller } from "@/components/table-scroller";
import { useEndOtherSessions, useRevokeSession, useSessions } from "@/lib/client/hooks/sessions";

const dateTime = (value: string) => new Date(value).toLocaleString();

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
      <TableScroller>
        <table className="min-w-full text-sm">
          <caption className="sr-only">Sessions</caption>
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                Device
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Address
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Signed in
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Last active
              </th>
              <th scope="col" className="px-4 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {sessions.isPending ? (
              <tr>
                <td colSpan={5} className="px-4 py-6 text-center text-slate-500">
                  Loading…
                </td>
              </tr>
            ) : sessions.error ? (
              <tr>
                <td colSpan={5} className="px-4 py-6 text-center text-red-600">
                  The sessions could not be loaded.
                </td>
              </tr>
            ) : (
              sessions.data.data.map((session) => (
                <tr key={session.id}>
                  <td className="max-w-xs px-4 py-2">
                    <span className="block truncate" title={session.user_agent ?? undefined}>
                      {session.user_agent ?? "Unknown device"}
                    </span>
                    <span className="text-xs text-slate-500">
                      {session.kind === "reseller_portal" ? "Reseller portal" : "Dashboard"}
                      {session.current ? " · this session" : ""}
                    </span>
                  </td>
                  <td className="px-4 py-2 font-mono text-slate-600">{session.ip ?? "—"}</td>
                  <td className="px-4 py-2 text-slate-600">{dateTime(session.created_at)}</td>
                  <td className="px-4 py-2 text-slate-600">{dateTime(session.last_seen_at)}</td>
                  <td className="px-4 py-2 text-right">
                    {session.current ? null : (
                      <Button
                        variant="danger"
                        aria-label={`Revoke the session of ${session.user_agent ?? "an unknown device"} last active ${dateTime(session.last_seen_at)}`}
                        disabled={revoke.isPending && revoke.variables === session.id}
                        onClick={() => revoke.mutate(session.id)}
                      >
                        Revoke
                      </Button>
                    )}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableScroller>
    </section>
  );
}
