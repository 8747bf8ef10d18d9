// The "Use your existing tools offline" section of the Local development page: Google's clasp and
// googleapis, unchanged, against the emulator (the emulator README has the full story).
import { codeBlock as code } from './html.ts';
import { REPOSITORY_URL } from './links.ts';
import type { PageSection } from './local-development.ts';

const OFFLINE_README = `${REPOSITORY_URL}/tree/main/packages/emulator#use-your-existing-tools-offline`;

/** A GitHub Actions job running a clasp deploy pipeline against the emulator, with no secrets. */
export const CI_WORKFLOW = `
jobs:
  deploy-offline:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 22
      - run: npm ci # @google/clasp and @specbound/emulator are devDependencies
      - name: Start the emulator with the project's script id
        run: |
          SCRIPT_ID=$(node -p "require('./.clasp.json').scriptId")
          cat > emulator-state.json <<JSON
          { "version": 1, "appsScript": { "tokens": { "ci-token": "ci@example.com" },
            "projects": [{ "scriptId": "$SCRIPT_ID", "title": "CI", "creator": "ci@example.com",
                           "createTime": "2026-01-01T00:00:00Z", "updateTime": "2026-01-01T00:00:00Z" }] } }
          JSON
          npx specbound-emulator --state emulator-state.json > emulator.log &
          for i in $(seq 50); do curl -sf http://127.0.0.1:8787/__emulator/health >/dev/null && break; sleep 0.2; done
          cat > ~/.clasprc.json <<JSON
          { "tokens": { "default": { "type": "authorized_user", "client_id": "ci", "client_secret": "ci",
            "refresh_token": "ci", "access_token": "ci-token", "token_type": "Bearer", "expiry_date": 4102444800000 } } }
          JSON
      - name: Push, version, deploy and smoke-test against the emulator
        env:
          NODE_OPTIONS: --import @specbound/emulator/redirect
          SPECBOUND_EMULATOR_URL: http://127.0.0.1:8787
        run: |
          npx clasp push --force
          npx clasp create-version "CI $GITHUB_SHA"
          npx clasp create-deployment --versionNumber 1 --description "CI $GITHUB_SHA"
          test "$(npx clasp run-function smokeTest)" = ok   # clasp exits 0 even when the function throws
      - if: always()
        run: cat emulator.log # one line per request, and the script's Logger.log output
`;

export const OFFLINE_TOOLS_SECTION: PageSection = {
  id: 'offline-tools',
  title: 'Use your existing tools offline',
  html: `<p>Google's own tools run unchanged against the emulator: <code>clasp</code>, and
<code>@googleapis/script</code> or any Node program on <code>googleapis</code>,
<code>google-auth-library</code> or <code>fetch</code>. No Google account, no network.</p>
<h3>clasp</h3>
<p>clasp has no option for another API address, so a Node preload sends its requests to the
emulator. Paste the two lines the emulator prints at start (or <code>npx specbound-emulator --print-env</code>,
<code>npx specbound emulator --print-env</code>) into the shell that runs clasp:</p>
${code(`
export NODE_OPTIONS="--import @specbound/emulator/redirect"
export SPECBOUND_EMULATOR_URL=http://127.0.0.1:8787

clasp create-script --title "Offline" --type standalone
clasp push --force
clasp create-version "First release"
clasp create-deployment --versionNumber 1 --description API
clasp run-function hello --params '["Ada"]'     # prints the function's result
clasp pull
`)}
<p>The preload sends requests to <code>script.googleapis.com</code> to the emulator, and token
refreshes to <code>oauth2.googleapis.com</code> to the emulator's token endpoint, which answers any
refresh token with a local access token: an expired or dummy <code>~/.clasprc.json</code> works
offline. Every other host is left untouched; without <code>SPECBOUND_EMULATOR_URL</code> the preload
does nothing; it prints one line on stderr saying where requests go.</p>
<h3>googleapis</h3>
<p>The googleapis clients take a <code>rootUrl</code>, so no preload is needed:</p>
${code(
  `
import { auth, script } from '@googleapis/script';

const credentials = new auth.OAuth2();
credentials.setCredentials({ access_token: 'ada-demo-token' }); // any bearer token
const api = script({ version: 'v1', rootUrl: 'http://127.0.0.1:8787/', auth: credentials });
const { data } = await api.projects.create({ requestBody: { title: 'Offline' } });
`,
  'ts',
)}
<h3>CI: a clasp deploy pipeline with no secrets</h3>
<p>A GitHub Actions job that runs the repository's clasp pipeline against the emulator: a state
document gives the emulator a script with the id in <code>.clasp.json</code>, owned by the CI user whose
token a dummy <code>~/.clasprc.json</code> holds.</p>
${code(CI_WORKFLOW, 'yaml')}
<p>Details, and what the preload covers: the <a href="${OFFLINE_README}">emulator README</a>.</p>`,
};
