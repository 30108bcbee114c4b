"use client";
import type { GroupWithProductsView } from "../../groups/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateGroupInput } from "../../groups/schemas";
import { apiFetch } from "../api";
import { queryKeys } from "../query-keys";

export type Group = GroupWithProductsView;

const groupsPath = (shopId: string) => `/v1/shops/${shopId}/groups`;

export function useGroups(shopId: string) {
  return useQuery({ queryKey: queryKeys.groups(shopId).list(), queryFn: () => apiFetch<Group[]>(groupsPath(shopId)) });
}

/** Membership moves products between groups, so the shop's products refetch too (their group_id). */
function useGroupMutation<I, O>(shopId: string, request: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.groups(shopId).all });
      void client.invalidateQueries({ queryKey: queryKeys.products(shopId).all });
    },
  });
}

/** Creates (no groupId) or updates a group. */
export function useSaveGroup(shopId: string) {
  return useGroupMutation(shopId, ({ groupId, input }: { groupId?: number; input: CreateGroupInput }) =>
    groupId
      ? apiFetch<Group>(`${groupsPath(shopId)}/${groupId}`, { method: "PUT", body: input })
      : apiFetch<Group>(groupsPath(shopId), { method: "POST", body: input }),
  );
}

export function useDeleteGroup(shopId: string) {
  return useGroupMutation(shopId, (groupId: number) =>
    apiFetch<{ message: string }>(`${groupsPath(shopId)}/${groupId}`, { method: "DELETE" }),
  );
}
