"use client";
import type { CreateGroupInput, GroupWithProductsView } from "../../groups/schemas";
import { queryKeys } from "../query-keys";
import { shopResource } from "./resource";

export type Group = GroupWithProductsView;

/** Membership moves products between groups, so the shop's products refetch too (their group_id). */
const groups = shopResource<Group, CreateGroupInput>({ path: "groups", keys: queryKeys.groups, refreshes: [queryKeys.products] });

export const useGroups = (shopId: string) => groups.useList(shopId);
export const useSaveGroup = groups.useSave;
export const useDeleteGroup = groups.useDelete;
