"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useParams } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/button";
import { Field } from "@/components/field";
import { ErrorNotice, StatusNotice } from "@/components/notice";
import { SelectField } from "@/components/select-field";
import { DataTable } from "@/components/data-table";
import { PageHeading } from "@/components/page-heading";
import { QueryView } from "@/components/query-view";
import { showApiErrors } from "@/lib/client/form-errors";
import { useShops } from "@/lib/client/hooks/account";
import { useInviteMember, useMembers, useRemoveMember, useUpdateMember } from "@/lib/client/hooks/members";
import { ROLES, type Role } from "@/lib/members/permissions";
import { inviteMemberBody, type InviteMemberInput, type MemberView } from "@/lib/members/schemas";

const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  admin: "Admin: everything but the team and payouts",
  support: "Support: orders, deliveries, customers",
  viewer: "Viewer: read only, no secrets",
};

const roleName = (role: Role) => ROLE_LABELS[role].split(":")[0];

const memberStatus = (member: MemberView) =>
  member.status === "invited" ? `Invited, until ${member.expires_at ? new Date(member.expires_at).toLocaleDateString() : "?"}` : "Active";

/**
 * The shop's team: who may act in it and as what. The owner invites (an
 * e-mailed link), changes roles (making a member owner hands the shop over)
 * and removes; admins see the list.
 */
export default function MembersPage() {
  const { shopId } = useParams<{ shopId: string }>();
  const shops = useShops();
  const members = useMembers(shopId);
  const invite = useInviteMember(shopId);
  const update = useUpdateMember(shopId);
  const remove = useRemoveMember(shopId);
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const isOwner = shops.data?.find((shop) => String(shop.id) === shopId)?.role === "owner";
  const form = useForm<InviteMemberInput>({ resolver: zodResolver(inviteMemberBody), defaultValues: { email: "", role: "support" } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    try {
      const invited = await invite.mutateAsync(input);
      setStatus(`An invitation is on its way to ${invited.email}.`);
      form.reset({ email: "", role: input.role });
    } catch (error) {
      showApiErrors(error, form.setError, ["email", "role"]);
    }
  });

  const run = async (action: () => Promise<unknown>, done: string) => {
    setFailure(null);
    try {
      await action();
      setStatus(done);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : "The change failed.");
    }
  };

  const changeRole = (id: number, email: string, role: Role) => {
    if (role === "owner" && !window.confirm(`Make ${email} the owner? You become an admin and can no longer manage the team.`)) return;
    void run(() => update.mutateAsync({ id, role }), role === "owner" ? `${email} now owns the shop.` : `${email} is now ${role}.`);
  };

  return (
    <section className="space-y-6">
      <PageHeading
        title="Team"
        description="Who may work in this shop. A removed member loses access at once. API keys act with their creator's role."
        updating={members.isFetching && !members.isPending}
      />

      {isOwner ? (
        <form
          onSubmit={submit}
          noValidate
          aria-label="Invite a member"
          className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-end"
        >
          <Field label="Email" type="email" className="flex-1" error={errors.email?.message} {...form.register("email")} />
          <SelectField label="Role" error={errors.role?.message} {...form.register("role")}>
            {(["admin", "support", "viewer"] as const).map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </SelectField>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Inviting…" : "Invite"}
          </Button>
        </form>
      ) : null}
      {errors.root ? <ErrorNotice>{errors.root.message}</ErrorNotice> : null}
      {status ? <StatusNotice>{status}</StatusNotice> : null}
      {failure ? <ErrorNotice>{failure}</ErrorNotice> : null}

      <QueryView query={members} loading="Loading the team" empty="No member yet." height="h-48">
        {(rows) => (
          <DataTable
            caption="Members"
            rows={rows}
            columns={[
              {
                key: "member",
                header: "Member",
                cell: (member) => (
                  <>
                    <span className="font-medium">{member.email}</span>
                    {member.name ? <span className="block text-slate-500">{member.name}</span> : null}
                  </>
                ),
              },
              {
                key: "role",
                header: "Role",
                cell: (member) =>
                  isOwner && member.role !== "owner" ? (
                    <>
                      <label className="sr-only" htmlFor={`role-${member.id}`}>
                        Role of {member.email}
                      </label>
                      <select
                        id={`role-${member.id}`}
                        className="min-h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
                        value={member.role}
                        disabled={update.isPending}
                        onChange={(event) => changeRole(member.id, member.email, event.target.value as Role)}
                      >
                        {ROLES.filter((role) => role !== "owner" || member.status === "active").map((role) => (
                          <option key={role} value={role}>
                            {role === "owner" ? "Owner (transfer the shop)" : roleName(role)}
                          </option>
                        ))}
                      </select>
                    </>
                  ) : (
                    roleName(member.role)
                  ),
              },
              { key: "status", header: "Status", className: "text-slate-600", cell: memberStatus },
            ]}
            actions={(member) =>
              isOwner && member.role !== "owner" ? (
                <Button
                  variant="danger"
                  aria-label={`Remove ${member.email}`}
                  disabled={remove.isPending}
                  onClick={() => {
                    if (window.confirm(`Remove ${member.email} from the team? They lose access at once.`))
                      void run(() => remove.mutateAsync(member.id), `${member.email} was removed.`);
                  }}
                >
                  Remove
                </Button>
              ) : null
            }
          />
        )}
      </QueryView>
    </section>
  );
}
