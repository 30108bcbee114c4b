import { PUT as updateGroup } from "../route";

/** `PUT .../groups/{groupId}/update`, the shape of every other update route of the spec; the same handler as the plain PUT. */
export const PUT = updateGroup;
