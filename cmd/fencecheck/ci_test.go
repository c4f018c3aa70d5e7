package main_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/fencecheck/fencecheck/internal/report/sarifcheck"
	"github.com/fencecheck/fencecheck/internal/vetjson"
)

// copyModule copies an end-to-end module into a temporary directory.
func copyModule(t *testing.T, name string) string {
	t.Helper()
	src := e2eModule(t, name)
	dst := t.TempDir()
	err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// editFile replaces the first occurrence of old in a file.
func editFile(t *testing.T, path, old, new string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s does not contain %q", path, old)
	}
	writeFile(t, path, strings.Replace(string(data), old, new, 1))
}

// outputLines splits output into its non-empty lines.
func outputLines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

// TestBaselineRoundTrip records a baseline, edits code above the findings
// (nothing new), then adds findings (exactly those are new).
func TestBaselineRoundTrip(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := binary(t)
	dir := copyModule(t, "golangci")
	all, _, code := runIn(t, dir, bin, "./...")
	if code != 3 || len(outputLines(all)) == 0 {
		t.Fatalf("fixture: exit %d, output %q; want findings", code, all)
	}

	out, errOut, code := runIn(t, dir, bin, "-write-baseline", "fencecheck-baseline.json", "./...")
	if code != 0 || out != "" {
		t.Fatalf("-write-baseline: exit %d, stdout %q, stderr %s", code, out, errOut)
	}
	var b struct {
		Version  int
		Findings []struct {
			Rule, File, Function, Message string
			Count                         int
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "fencecheck-baseline.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &b); err != nil || b.Version != 1 || len(b.Findings) == 0 {
		t.Fatalf("baseline %s: %v", data, err)
	}
	for _, f := range b.Findings {
		if f.File != "jobs/jobs.go" || f.Function == "" || f.Rule == "" || f.Count < 1 {
			t.Errorf("baseline entry %+v: want a relative file, a function, a rule and a count", f)
		}
	}

	out, errOut, code = runIn(t, dir, bin, "-baseline", "fencecheck-baseline.json", "./...")
	if code != 0 || out != "" {
		t.Fatalf("same code with its baseline: exit %d, stdout %q, stderr %s", code, out, errOut)
	}

	// The baseline's paths are relative to its own directory: it matches
	// from a subdirectory too.
	out, errOut, code = runIn(t, filepath.Join(dir, "jobs"), bin, "-baseline", "../fencecheck-baseline.json", ".")
	if code != 0 || out != "" {
		t.Fatalf("baseline used from a subdirectory: exit %d, stdout %q, stderr %s", code, out, errOut)
	}

	// Lines inserted above every finding: nothing is new.
	jobs := filepath.Join(dir, "jobs", "jobs.go")
	editFile(t, jobs, "// claim takes", "// Several lines\n// of new comments\n\n// shift every finding down.\n\n// claim takes")
	out, errOut, code = runIn(t, dir, bin, "-baseline", "fencecheck-baseline.json", "./...")
	if code != 0 || out != "" {
		t.Fatalf("after inserting lines: exit %d, stdout %q, stderr %s", code, out, errOut)
	}
	moved, _, _ := runIn(t, dir, bin, "./...")
	if moved == all {
		t.Fatal("the edit did not move the findings")
	}

	// A second identical write in the same function, and a new function
	// with the same write: exactly these two are new.
	editFile(t, jobs, "\t_, err := db.ExecContext(ctx, \"UPDATE jobs SET result=$2 WHERE id=$1\", id, result) // finding: unfenced\n",
		"\t_, err := db.ExecContext(ctx, \"UPDATE jobs SET result=$2 WHERE id=$1\", id, result) // finding: unfenced\n"+
			"\tdb.ExecContext(ctx, \"UPDATE jobs SET result=$2 WHERE id=$1\", id, result) // new\n")
	data, _ = os.ReadFile(jobs)
	writeFile(t, jobs, string(data)+`
// Again is new code with the same unfenced write.
func Again(ctx context.Context, db *sql.DB, id int64) {
	var tok int64
	if err := db.QueryRowContext(ctx, claim, "worker-1", id).Scan(&tok); err != nil {
		return
	}
	db.ExecContext(ctx, "UPDATE jobs SET result='x' WHERE id=$1", id) // new
}
`)
	out, errOut, code = runIn(t, dir, bin, "-baseline", "fencecheck-baseline.json", "./...")
	if code != 3 {
		t.Fatalf("with new findings: exit %d, want 3\n%s%s", code, out, errOut)
	}
	got := outputLines(out)
	newLines := markedLines(t, jobs, "// new")
	if len(got) != len(newLines) {
		t.Fatalf("new findings:\n%s\nwant one at each of lines %v", out, newLines)
	}
	for i, l := range got {
		if !strings.HasPrefix(l, "jobs/jobs.go:"+newLines[i]+":") || !strings.HasSuffix(l, "(unfenced)") {
			t.Errorf("new finding %q, want an unfenced one at jobs/jobs.go:%s", l, newLines[i])
		}
	}

	// The other formats report the same new findings.
	jsonOut, _, code := runIn(t, dir, bin, "-baseline", "fencecheck-baseline.json", "-format=json", "./...")
	tree, err := vetjson.Decode(strings.NewReader(jsonOut))
	if err != nil || code != 0 || len(tree.Findings()) != len(newLines) {
		t.Errorf("-format=json with baseline: exit %d, %d findings (%v), want 0 and %d", code, len(tree.Findings()), err, len(newLines))
	}
	sarif, _, code := runIn(t, dir, bin, "-baseline", "fencecheck-baseline.json", "-format=sarif", "./...")
	doc, problems := sarifcheck.Check([]byte(sarif))
	if code != 3 || len(problems) > 0 {
		t.Fatalf("-format=sarif with baseline: exit %d, problems %v", code, problems)
	}
	results := doc["runs"].([]any)[0].(map[string]any)["results"].([]any)
	if len(results) != len(newLines) || results[0].(map[string]any)["baselineState"] != "new" {
		t.Errorf("SARIF results %v", results)
	}
	gh, _, code := runIn(t, dir, bin, "-baseline", "fencecheck-baseline.json", "-format=github", "./...")
	if code != 3 || len(outputLines(gh)) != len(newLines) || !strings.HasPrefix(gh, "::error file=jobs/jobs.go,line="+newLines[0]+",") {
		t.Errorf("-format=github with baseline: exit %d\n%s", code, gh)
	}
}

// markedLines returns the numbers of the lines of a file that contain
// marker.
func markedLines(t *testing.T, path, marker string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i, l := range strings.Split(string(data), "\n") {
		if strings.Contains(l, marker) {
			out = append(out, strconv.Itoa(i+1))
		}
	}
	return out
}

// TestCIFormats runs the binary with -format=sarif and -format=github and
// checks the documented exit codes.
func TestCIFormats(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := binary(t)
	dir := copyModule(t, "golangci")
	text, _, _ := runIn(t, dir, bin, "./...")
	n := len(outputLines(text))

	out, errOut, code := runIn(t, dir, bin, "-format=sarif", "-o", "out.sarif", "./...")
	if code != 3 || out != "" {
		t.Fatalf("-format=sarif -o: exit %d, stdout %q, stderr %s", code, out, errOut)
	}
	data, err := os.ReadFile(filepath.Join(dir, "out.sarif"))
	if err != nil {
		t.Fatal(err)
	}
	doc, problems := sarifcheck.Check(data)
	for _, p := range problems {
		t.Error(p)
	}
	run := doc["runs"].([]any)[0].(map[string]any)
	if got := len(run["results"].([]any)); got != n {
		t.Errorf("%d SARIF results, want %d", got, n)
	}
	rules := run["tool"].(map[string]any)["driver"].(map[string]any)["rules"].([]any)
	for _, r := range rules {
		if u, _ := r.(map[string]any)["helpUri"].(string); !strings.HasPrefix(u, "https://") {
			t.Errorf("rule %v: helpUri %q", r.(map[string]any)["id"], u)
		}
	}
	res := run["results"].([]any)[0].(map[string]any)
	art := res["locations"].([]any)[0].(map[string]any)["physicalLocation"].(map[string]any)["artifactLocation"].(map[string]any)
	if art["uri"] != "jobs/jobs.go" || art["uriBaseId"] != "%SRCROOT%" {
		t.Errorf("artifact %v", art)
	}
	if len(res["relatedLocations"].([]any)) == 0 {
		t.Error("no related location (the lease)")
	}

	// -root: paths relative to another directory.
	sub, _, _ := runIn(t, filepath.Join(dir, "jobs"), bin, "-format=sarif", "-root=..", ".")
	if !strings.Contains(sub, `"uri": "jobs/jobs.go"`) {
		t.Errorf("-root=.. from jobs/: SARIF does not name jobs/jobs.go")
	}
	gh, _, code := runIn(t, dir, bin, "-format=github", "./...")
	if code != 3 || len(outputLines(gh)) != n {
		t.Errorf("-format=github: exit %d, %d lines, want 3 and %d", code, len(outputLines(gh)), n)
	}
	for _, l := range outputLines(gh) {
		if !strings.HasPrefix(l, "::error file=jobs/jobs.go,line=") || !strings.Contains(l, ",title=fencecheck ") || strings.Contains(l, "\n") {
			t.Errorf("annotation %q", l)
		}
	}

	// Exit codes of the CI flags.
	for _, tc := range []struct {
		args []string
		want int
	}{
		{[]string{"-baseline", "missing.json", "./..."}, 1},
		{[]string{"-baseline", "a.json", "-write-baseline", "b.json", "./..."}, 1},
		{[]string{"-debug=s", "./..."}, 1}, // needs -driver=packages
		{[]string{"-format=sarif", "-o", filepath.Join(dir, "no", "such", "dir", "x.sarif"), "./..."}, 1},
		{[]string{"-format=json", "./..."}, 0},
		{[]string{"-unfenced=false", "-uncheckedfence=false", "-format=github", "./..."}, 0},
	} {
		if _, errOut, code := runIn(t, dir, bin, tc.args...); code != tc.want {
			t.Errorf("fencecheck %v: exit %d, want %d\n%s", tc.args, code, tc.want, errOut)
		}
	}
	broken := t.TempDir()
	writeFile(t, filepath.Join(broken, "go.mod"), "module example.com/broken\n\ngo 1.26.0\n")
	writeFile(t, filepath.Join(broken, "a.go"), "package broken\n\nfunc F() int { return \"x\" }\n")
	if _, _, code := runIn(t, broken, bin, "-write-baseline", "b.json", "./..."); code != 1 {
		t.Errorf("-write-baseline on a broken module: exit %d, want 1", code)
	}
	if _, err := os.Stat(filepath.Join(broken, "b.json")); err == nil {
		t.Error("a baseline was written for a failed analysis")
	}
	if out, _, code := runIn(t, broken, bin, "-format=sarif", "./..."); code != 1 || !strings.Contains(out, `"executionSuccessful": false`) {
		t.Errorf("-format=sarif on a broken module: exit %d, output %s", code, out)
	}
}

// TestSanityCheck runs the packages driver with the checker's fact sanity
// check (every fact encoded twice and compared, then decoded) on the pgx
// module: it must not fail, and must find the same findings.
func TestSanityCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and downloads modules")
	}
	bin := binary(t)
	dir := e2eModule(t, "sqlmod")
	out, errOut, code := runIn(t, dir, bin, "-driver=packages", "-debug=s", "-json", "./...")
	if code != 0 {
		t.Fatalf("-debug=s: exit %d\n%s", code, errOut)
	}
	if got, want := findingKeys(t, dir, out), expectedKeys(t, dir); !equal(got, want) {
		t.Errorf("-debug=s findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestFixRealRule applies uncheckedfence's suggested fix through the
// binary (go vet driver, fixes read from go vet's JSON): -diff shows it
// without changing the file, -fix applies it, the result builds and the
// finding is gone.
func TestFixRealRule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := binary(t)
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module example.com/fixme\n\ngo 1.26.0\n")
	const src = `package fixme

import (
	"context"
	"database/sql"
)

const claim = ` + "`UPDATE jobs SET locked_by = $1, lease_until = now() + interval '30s', fence_token = fence_token + 1 WHERE id = $2 RETURNING fence_token`" + `

// Finish writes the result with the token but never looks at the outcome.
func Finish(ctx context.Context, db *sql.DB, id int64) error {
	var tok int64
	if err := db.QueryRowContext(ctx, claim, "w", id).Scan(&tok); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE jobs SET result='r' WHERE id=$1 AND fence_token <= $2", id, tok)
	if err != nil {
		return err
	}
	return nil
}
`
	file := filepath.Join(dir, "fixme.go")
	writeFile(t, file, src)
	before, _, code := runIn(t, dir, bin, "./...")
	if code != 3 || !strings.Contains(before, "(uncheckedfence)") {
		t.Fatalf("before: exit %d\n%s", code, before)
	}
	diff, errOut, code := runIn(t, dir, bin, "-diff", "./...")
	if code != 3 || !strings.HasPrefix(diff, "--- a/fixme.go\n+++ b/fixme.go\n@@ ") || !strings.Contains(diff, "+") {
		t.Fatalf("-diff: exit %d\n%s%s", code, diff, errOut)
	}
	if got, _ := os.ReadFile(file); string(got) != src {
		t.Fatal("-diff changed the file")
	}
	out, errOut, code := runIn(t, dir, bin, "-fix", "./...")
	if code != 0 && code != 3 {
		t.Fatalf("-fix: exit %d\n%s%s", code, out, errOut)
	}
	if strings.Contains(out, "(uncheckedfence)") {
		t.Errorf("-fix still reports the fixed finding:\n%s", out)
	}
	fixed, _ := os.ReadFile(file)
	if string(fixed) == src {
		t.Fatal("-fix left the file unchanged")
	}
	if _, errOut, code := runIn(t, dir, "go", "build", "./..."); code != 0 {
		t.Fatalf("fixed file does not build: %s\n%s", errOut, fixed)
	}
	after, _, _ := runIn(t, dir, bin, "./...")
	if strings.Contains(after, "(uncheckedfence)") {
		t.Errorf("after -fix the finding remains:\n%s\n%s", after, fixed)
	}
}
