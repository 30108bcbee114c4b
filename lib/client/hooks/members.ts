"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InviteMemberInput, MemberView } from "../../members/schemas";
import type { Role } from "../../members/permissions";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";

const membersPath = (shopId: string) => `/v1/shops/${shopId}/members`;

export function useMembers(shopId: string) {
  return useQuery({ queryKey: queryKeys.members(shopId).list(), queryFn: () => apiFetch<MemberView[]>(membersPath(shopId)) });
}

function useMemberMutation<I, O>(shopId: string, request: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.members(shopId).all });
      // an ownership transfer changes the caller's own role in the shop list
      void client.invalidateQueries({ queryKey: queryKeys.account.shops.all });
    },
  });
}

export function useInviteMember(shopId: string) {
  return useMemberMutation(shopId, (input: InviteMemberInput) =>
    apiFetch<MemberView>(membersPath(shopId), { method: "POST", body: input }),
  );
}

export function useUpdateMember(shopId: string) {
  return useMemberMutation(shopId, ({ id, role }: { id: number; role: Role }) =>
    apiFetch<MemberView>(`${membersPath(shopId)}/${id}`, { method: "PUT", body: { role } }),
  );
}

export function useRemoveMember(shopId: string) {
  return useMemberMutation(shopId, (id: number) => apiFetch<{ message: string }>(`${membersPath(shopId)}/${id}`, { method: "DELETE" }));
}
