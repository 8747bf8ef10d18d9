import type { drive_v3 } from '@googleapis/drive';
import { describe, expectTypeOf, it } from 'vitest';
import type { STANDARD_PARAMS } from '../src/core.js';
import type {
  CreateFileParams,
  CreateFileRequest,
  DeleteFileParams,
  DriveFile,
  DriveUser,
  FileList,
  GetFileParams,
  ListFilesParams,
  StandardParamName,
} from '../src/index.js';

// Checked by `tsc` (the `typecheck` script covers test/): Google's own generated types
// (@googleapis/drive, built from the discovery document) against ours. Assignability checks every
// property we declare has a type Google's accepts; the `keyof` checks catch a property or
// parameter we declare that Google does not have (a typo, or a field Google renamed).
type Extra<Ours, Theirs> = Exclude<keyof Ours, keyof Theirs>;

describe('the spec matches Google Drive v3 discovery shapes', () => {
  it('declares schemas whose values Google would accept', () => {
    expectTypeOf<DriveFile>().toExtend<drive_v3.Schema$File>();
    expectTypeOf<DriveUser>().toExtend<drive_v3.Schema$User>();
    expectTypeOf<FileList>().toExtend<drive_v3.Schema$FileList>();
    expectTypeOf<CreateFileRequest>().toExtend<drive_v3.Schema$File>();
    expectTypeOf<Extra<DriveFile, drive_v3.Schema$File>>().toBeNever();
    expectTypeOf<Extra<DriveUser, drive_v3.Schema$User>>().toBeNever();
    expectTypeOf<Extra<FileList, drive_v3.Schema$FileList>>().toBeNever();
  });

  it("declares parameters Google's methods take, with the same types", () => {
    expectTypeOf<ListFilesParams>().toExtend<drive_v3.Params$Resource$Files$List>();
    expectTypeOf<GetFileParams>().toExtend<drive_v3.Params$Resource$Files$Get>();
    expectTypeOf<DeleteFileParams>().toExtend<drive_v3.Params$Resource$Files$Delete>();
    type CreateQuery = Omit<CreateFileParams, keyof CreateFileRequest>;
    expectTypeOf<CreateQuery>().toExtend<drive_v3.Params$Resource$Files$Create>();
    expectTypeOf<Extra<ListFilesParams, drive_v3.Params$Resource$Files$List>>().toBeNever();
    expectTypeOf<Extra<GetFileParams, drive_v3.Params$Resource$Files$Get>>().toBeNever();
    expectTypeOf<Extra<DeleteFileParams, drive_v3.Params$Resource$Files$Delete>>().toBeNever();
    expectTypeOf<Extra<CreateQuery, drive_v3.Params$Resource$Files$Create>>().toBeNever();
  });

  it("keeps the runtime list of standard parameters exactly the spec's", () => {
    expectTypeOf<(typeof STANDARD_PARAMS)[number]>().toEqualTypeOf<StandardParamName>();
  });
});
