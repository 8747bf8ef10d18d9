// The peer of the export bench: the obvious program without streaming. It collects every
// project, comment and reply into memory (the same client, the same 8 replies fetches at a time),
// then writes the CSV in one go with the same library.
import { writeFile } from 'node:fs/promises';
import { createBugSmashClient } from '@specbound/bugsmash';
import { stringify } from 'csv-stringify/sync';

const [out] = process.argv.slice(2);
const client = createBugSmashClient({
  apiKey: process.env.BUGSMASH_API_KEY,
  baseUrl: process.env.SPECBOUND_BUGSMASH_URL,
});
const rows = [];
for await (const project of client.projects.iterate({})) {
  const { data } = await client.comments.list({
    projectId: project.id,
    plainText: true,
    locationMetadata: true,
  });
  for (let i = 0; i < data.length; i += 8) {
    const chunk = data.slice(i, i + 8);
    const replies = await Promise.all(
      chunk.map((c) => client.replies.list({ commentId: c.comment_id, plain_text: true })),
    );
    for (const [j, c] of chunk.entries()) {
      rows.push({ project_id: project.id, project_name: project.name, ...c, replies: replies[j] });
    }
  }
}
const table = rows.map((r) => [
  r.project_id,
  r.project_name,
  r.comment_id,
  r.comment_number,
  r.status,
  r.priority,
  String(r.is_private),
  r.comment_by_name,
  r.comment_by_email,
  r.assigned_to_name,
  r.assigned_to_email,
  r.created_at,
  r.updated_at,
  r.location_metadata?.page_url,
  r.tags.map((t) => t.name).join(', '),
  r.comment,
  r.replies.length,
  r.replies.map((x) => `${x.comment_by_name}: ${x.comment}`).join('\n'),
]);
await writeFile(out, `\uFEFF${stringify(table, { record_delimiter: 'windows' })}`);
process.stderr.write(`naive export: ${rows.length} comments\n`);
