package main_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/fencecheck/fencecheck/internal/invdoc"
	"github.com/fencecheck/fencecheck/internal/invdoc/invschema"
	"github.com/fencecheck/fencecheck/internal/vetjson"
)

// inventoryRun is the inventory of one run, with how it was obtained.
type inventoryRun struct {
	how string
	doc *invdoc.Document
}

// inventories returns the inventory of the packages patterns in dir (with
// the writes outside any scope) obtained three ways: through go vet
// -vettool with -fencecheck_inventory (and extra, the flags of the
// project's settings), and standalone with -leases=all -format=json and
// each driver. The standalone JSON must be valid against the schema.
func inventories(t *testing.T, dir string, extra []string, patterns ...string) []inventoryRun {
	t.Helper()
	bin := binary(t)
	var out []inventoryRun

	args := append([]string{"vet", "-vettool=" + bin, "-json", "-fencecheck_inventory", "-fencecheck_inventory.all"}, extra...)
	vetOut, vetErr, code := runIn(t, dir, "go", append(args, patterns...)...)
	if code != 0 {
		t.Fatalf("go vet -fencecheck_inventory: exit %d\n%s", code, vetErr)
	}
	tree, err := vetjson.Decode(strings.NewReader(vetOut))
	if err != nil {
		t.Fatal(err)
	}
	if errs := tree.Errors(); len(errs) > 0 {
		t.Fatalf("go vet -fencecheck_inventory: %v", errs)
	}
	rel := func(file string) string {
		if r, err := filepath.Rel(dir, file); err == nil && !strings.HasPrefix(r, "..") {
			return r
		}
		return file
	}
	out = append(out, inventoryRun{"go vet -vettool", invdoc.Decode(tree.Findings(), "fencecheck_inventory", rel)})

	for _, driver := range []string{"vet", "packages"} {
		stdout, stderr, code := runIn(t, dir, bin, append([]string{"-driver=" + driver, "-leases=all", "-format=json"}, patterns...)...)
		if code != 0 {
			t.Fatalf("-driver=%s -leases=all -format=json: exit %d\n%s", driver, code, stderr)
		}
		if err := invschema.Validate([]byte(stdout)); err != nil {
			t.Errorf("-driver=%s: %v", driver, err)
		}
		var doc invdoc.Document
		if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
			t.Fatalf("-driver=%s: %v", driver, err)
		}
		out = append(out, inventoryRun{"-driver=" + driver, &doc})
	}
	return out
}

// entryAt is a call of an inventory with its file and lines.
type entryAt struct {
	file       string
	start, end int
	w          *invdoc.Write
}

// entries lists the calls of a document, scoped and not.
func entries(doc *invdoc.Document) []entryAt {
	var out []entryAt
	add := func(w *invdoc.Write) {
		file, start, _ := vetjson.SplitPosn(w.Posn)
		_, end, _ := vetjson.SplitPosn(w.End)
		if end < start {
			end = start
		}
		out = append(out, entryAt{filepath.ToSlash(file), start, end, w})
	}
	for _, s := range doc.Scopes {
		for _, w := range s.Writes {
			add(w)
		}
	}
	for _, w := range doc.Unscoped {
		add(w)
	}
	return out
}

// covering returns the calls of the document whose lines cover file:line.
func covering(all []entryAt, file string, line int) []*invdoc.Write {
	var out []*invdoc.Write
	for _, e := range all {
		if e.file == file && e.start <= line && line <= e.end {
			out = append(out, e.w)
		}
	}
	return out
}

var inventoryMarker = regexp.MustCompile(`inventory: ([a-z]+)`)

// marker is a "// finding: RULE" or "inventory: VERDICT" marker.
type marker struct {
	file       string
	line       int
	rule, want string
}

// markers returns the module's finding and inventory markers.
func markers(t *testing.T, dir string) []marker {
	t.Helper()
	var out []marker
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		rel, _ := filepath.Rel(dir, path)
		sc := bufio.NewScanner(f)
		for line := 1; sc.Scan(); line++ {
			for _, m := range findingMarker.FindAllStringSubmatch(sc.Text(), -1) {
				out = append(out, marker{filepath.ToSlash(rel), line, m[1], "reported"})
			}
			for _, m := range inventoryMarker.FindAllStringSubmatch(sc.Text(), -1) {
				out = append(out, marker{filepath.ToSlash(rel), line, "", m[1]})
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestInventoryServices checks the inventory of the services module
// through go vet and both drivers: every finding marker's write appears
// as reported by its rule, every inventory marker's call (the ok twins:
// fenced, held by the sink's lock, not a write, outside any scope; the
// writes whose SQL text is built at run time: not judged) appears with
// that verdict and a reason, and no other write is reported. The three
// runs agree on every verdict.
func TestInventoryServices(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and downloads modules")
	}
	dir := e2eModule(t, "services")
	ms := markers(t, dir)
	var invMarks int
	for _, m := range ms {
		if m.rule == "" {
			invMarks++
		}
	}
	if invMarks < 10 {
		t.Fatalf("%d inventory markers in the module, want the ok twins marked", invMarks)
	}
	runs := inventories(t, dir, nil, "./...")
	var keys [][]string
	for _, run := range runs {
		all := entries(run.doc)
		checkMarkers(t, run.how, all, ms)
		var ks []string
		builtAtRunTime := 0
		for _, e := range all {
			ks = append(ks, fmt.Sprintf("%s:%d %s %s", e.file, e.start, e.w.Verdict, e.w.Rule))
			if e.w.Verdict == "unjudged" && strings.Contains(e.w.Reason, "SQL text is built at run time") {
				builtAtRunTime++
			}
		}
		if builtAtRunTime < 2 {
			t.Errorf("%s: %d calls not judged because their SQL text is built at run time, want the two of jobs/retitle.go", run.how, builtAtRunTime)
		}
		sort.Strings(ks)
		keys = append(keys, ks)
	}
	for i := 1; i < len(keys); i++ {
		if strings.Join(keys[i], "\n") != strings.Join(keys[0], "\n") {
			t.Errorf("%s and %s disagree:\n%s\n---\n%s", runs[0].how, runs[i].how, strings.Join(keys[0], "\n"), strings.Join(keys[i], "\n"))
		}
	}

	// Text: one line per call under its scope, with its verdict.
	bin := binary(t)
	out, errOut, code := runIn(t, dir, bin, "-leases", "./...")
	if code != 0 {
		t.Fatalf("-leases: exit %d\n%s", code, errOut)
	}
	for _, s := range runs[1].doc.Scopes {
		if !strings.Contains(out, s.Posn+": lease scope") {
			t.Errorf("-leases text has no line for the scope at %s", s.Posn)
		}
		for _, w := range s.Writes {
			if !strings.Contains(out, "    "+w.Posn+": "+w.Verdict) {
				t.Errorf("-leases text has no line for %s (%s)", w.Posn, w.Verdict)
			}
		}
	}
	if strings.Contains(out, "outside any lease scope") {
		t.Errorf("-leases without =all lists the writes outside any scope")
	}
}

// checkMarkers checks the calls of an inventory against the markers.
func checkMarkers(t *testing.T, how string, all []entryAt, ms []marker) {
	t.Helper()
	marked := make(map[string]bool)
	for _, m := range ms {
		found := false
		for _, w := range covering(all, m.file, m.line) {
			if w.Verdict == m.want && (m.rule == "" || w.Rule == m.rule) && w.Reason != "" {
				found = true
			}
		}
		if !found {
			var got []string
			for _, w := range covering(all, m.file, m.line) {
				got = append(got, w.Verdict+" "+w.Rule+": "+w.Reason)
			}
			t.Errorf("%s: %s:%d: want %s %s, got %q", how, m.file, m.line, m.want, m.rule, got)
		}
		if m.rule != "" {
			marked[fmt.Sprintf("%s:%d", m.file, m.line)] = true
		}
	}
	for _, e := range all {
		if e.w.Verdict == "reported" && !marked[fmt.Sprintf("%s:%d", e.file, e.start)] {
			t.Errorf("%s: %s:%d is reported (%s) with no finding marker", how, e.file, e.start, e.w.Rule)
		}
	}
}

// exampleDir returns the repository's top directory, where the bundled
// example is analysed from (its settings file is there).
func exampleDir(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// lineOf returns the line of the file (relative to dir) holding text.
func lineOf(t *testing.T, dir, file, text string) int {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, file))
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(data), "\n") {
		if strings.Contains(l, text) {
			return i + 1
		}
	}
	t.Fatalf("%s has no line with %q", file, text)
	return 0
}

// TestInventoryExample checks the inventory of the bundled example through
// go vet (with the flags of the project's settings) and both drivers: its
// reported writes are exactly the findings of a normal run, the fenced
// twin appears as fenced by its token comparison, the write whose SQL is
// built at run time as not judged with that reason, and the claim's scope
// with the token it returns.
func TestInventoryExample(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := binary(t)
	dir := exampleDir(t)
	flags, errOut, code := runIn(t, dir, bin, "-print-flags")
	if code != 0 {
		t.Fatalf("-print-flags: exit %d\n%s", code, errOut)
	}
	findOut, errOut, code := runIn(t, dir, bin, "-json", "./examples/jobs/...")
	if code != 0 {
		t.Fatalf("-json: exit %d\n%s", code, errOut)
	}
	findings := findingKeys(t, dir, findOut)
	if len(findings) < 4 {
		t.Fatalf("the example has %d findings, want its four", len(findings))
	}
	worker := "examples/jobs/worker/worker.go"
	fenced := lineOf(t, dir, worker, "SaveFenced(")
	dynamic := lineOf(t, dir, worker, "Results.Tag(")
	for _, run := range inventories(t, dir, strings.Fields(flags), "./examples/jobs/...") {
		all := entries(run.doc)
		var reported []string
		for _, e := range all {
			if e.w.Verdict == "reported" {
				reported = append(reported, fmt.Sprintf("%s:%d: %s", e.file, e.start, e.w.Rule))
			}
		}
		sort.Strings(reported)
		if !equal(reported, findings) {
			t.Errorf("%s: reported writes:\n%s\nwant the findings:\n%s", run.how, strings.Join(reported, "\n"), strings.Join(findings, "\n"))
		}
		if ws := covering(all, worker, fenced); len(ws) != 1 || ws[0].Verdict != "fenced" || !strings.Contains(ws[0].Reason, "fence_token <") {
			t.Errorf("%s: %s:%d: want one write, fenced by its fence_token comparison, got %+v", run.how, worker, fenced, ws)
		}
		if ws := covering(all, worker, dynamic); len(ws) != 1 || ws[0].Verdict != "unjudged" || !strings.Contains(ws[0].Reason, "the SQL text is built at run time") || ws[0].Scope == "" {
			t.Errorf("%s: %s:%d: want one call under the claim's scope, not judged because its SQL text is built at run time, got %+v", run.how, worker, dynamic, ws)
		}
		claim := false
		for _, s := range run.doc.Scopes {
			if s.Func == "queue.Claim" && s.Kind == "acquisition" && s.Token != nil && s.Token.Expr == "j.Token" && len(s.Writes) == 0 {
				claim = true
			}
		}
		if !claim {
			t.Errorf("%s: no acquisition scope in queue.Claim yielding the token j.Token, with no write under it", run.how)
		}
	}
}

// TestInventoryDeterministic checks that two runs of -leases=all
// -format=json on the bundled example print the same bytes, with each
// driver, the second with a cold go vet cache.
func TestInventoryDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := binary(t)
	dir := exampleDir(t)
	for _, driver := range []string{"vet", "packages"} {
		var outs [2]string
		for i := range outs {
			cmd := exec.Command(bin, "-driver="+driver, "-leases=all", "-format=json", "./examples/jobs/...")
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOCACHE="+t.TempDir())
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("-driver=%s: %v", driver, err)
			}
			outs[i] = string(out)
		}
		if outs[0] != outs[1] {
			t.Errorf("-driver=%s: two runs printed different inventories", driver)
		}
		if !strings.Contains(outs[0], `"verdict": "fenced"`) {
			t.Errorf("-driver=%s: the inventory has no fenced write; the comparison is vacuous", driver)
		}
	}
}

// TestWhy checks -why on the bundled example: a reported write, a fenced
// write and a silent write that is not judged, each with its verdict and
// reason, the scope that reaches it and the steps that carried the lease;
// the line of an acquisition answers with its scope; a line with no call
// answers with the nearest call; -format=json gives the same selection,
// valid against the schema.
func TestWhy(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := binary(t)
	dir := exampleDir(t)
	worker := "examples/jobs/worker/worker.go"
	weak := lineOf(t, dir, worker, "state = 'running'")
	cases := []struct {
		line int
		want []string
	}{
		{weak, []string{
			"verdict: reported (weakguard): its guard does not fence: it checks state",
			"scope: " + worker + ":", "lease taken here by queue.Claim",
			"calls (*worker.Worker).finish under the lease",
		}},
		{lineOf(t, dir, worker, "SaveFenced("), []string{
			"verdict: fenced: via (*sql.DB).ExecContext at store.go:",
			"(results.fence_token < EXCLUDED.fence_token)",
			"lease taken here by queue.Claim",
		}},
		{lineOf(t, dir, worker, "Results.Tag("), []string{
			"verdict: unjudged: via (*sql.DB).ExecContext at store.go:",
			"the SQL text is built at run time",
			"calls (*worker.Worker).Publish under the lease",
		}},
		{lineOf(t, dir, worker, "queue.Claim("), []string{
			":25:25: lease scope in (*worker.Worker).RunOnce: lease taken here by queue.Claim",
			"recognised by fact: queue.Claim takes a lease",
			"6 writes under it: 4 reported, 1 fenced, 1 unjudged",
		}},
		{lineOf(t, dir, worker, "imagine minutes of work"), []string{
			"no call there is in the inventory; the nearest call fencecheck judged:",
		}},
	}
	for _, driver := range []string{"vet", "packages"} {
		for _, c := range cases {
			target := fmt.Sprintf("%s:%d", worker, c.line)
			out, errOut, code := runIn(t, dir, bin, "-driver="+driver, "-why", target, "./examples/jobs/...")
			if code != 0 {
				t.Fatalf("-driver=%s -why %s: exit %d\n%s", driver, target, code, errOut)
			}
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("-driver=%s -why %s: output lacks %q:\n%s", driver, target, w, out)
				}
			}
		}
		out, errOut, code := runIn(t, dir, bin, "-driver="+driver, "-why", fmt.Sprintf("%s:%d", worker, weak), "-format=json", "./examples/jobs/...")
		if code != 0 {
			t.Fatalf("-why -format=json: exit %d\n%s", code, errOut)
		}
		if err := invschema.Validate([]byte(out)); err != nil {
			t.Errorf("-driver=%s -why -format=json: %v", driver, err)
		}
		var doc invdoc.Document
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatal(err)
		}
		if all := entries(&doc); len(all) != 1 || all[0].w.Rule != "weakguard" {
			t.Errorf("-driver=%s -why -format=json: got %d calls, want the one weakguard write", driver, len(all))
		}
	}
	if _, errOut, code := runIn(t, dir, bin, "-why", "worker.go", "./examples/jobs/..."); code != 1 || !strings.Contains(errOut, "FILE:LINE") {
		t.Errorf("-why without a line: exit %d, %q; want 1 and a usage message", code, errOut)
	}
	if _, _, code := runIn(t, dir, bin, "-leases", "-format=sarif", "./examples/jobs/..."); code != 1 {
		t.Errorf("-leases -format=sarif: exit %d, want 1", code)
	}
}

// TestInventoryOffByDefault checks that go vet learns the inventory's
// flags from the tool, that a plain run reports no inventory diagnostic,
// and that -fencecheck_inventory=false turns it off.
func TestInventoryOffByDefault(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := binary(t)
	dir := exampleDir(t)
	flagsOut, _, code := runIn(t, dir, bin, "-flags")
	if code != 0 || !strings.Contains(flagsOut, `"fencecheck_inventory"`) || !strings.Contains(flagsOut, `"fencecheck_inventory.all"`) {
		t.Errorf("-flags: exit %d; want the inventory's flags listed:\n%s", code, flagsOut)
	}
	for _, args := range [][]string{{}, {"-fencecheck_inventory=false"}, {"-fencecheck_inventory.all"}} {
		vetArgs := append(append([]string{"vet", "-vettool=" + bin, "-json"}, args...), "./examples/jobs/...")
		out, errOut, code := runIn(t, dir, "go", vetArgs...)
		if code != 0 {
			t.Fatalf("go vet %v: exit %d\n%s", args, code, errOut)
		}
		tree, err := vetjson.Decode(strings.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range tree.Findings() {
			if f.Analyzer == "fencecheck_inventory" || f.Category == invdoc.Category {
				t.Errorf("go vet %v: inventory diagnostic %s: %s", args, f.Posn, f.Message)
				break
			}
		}
		if len(tree.Findings()) == 0 {
			t.Errorf("go vet %v: no findings at all; the check is vacuous", args)
		}
	}
}

// TestDocsInventory checks that docs/inventory.md shows the inventory of
// the bundled example and the answer of -why for its silent write as the
// binary prints them.
func TestDocsInventory(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := binary(t)
	dir := exampleDir(t)
	doc, err := os.ReadFile(filepath.Join(dir, "docs", "inventory.md"))
	if err != nil {
		t.Fatal(err)
	}
	worker := "examples/jobs/worker/worker.go"
	for _, args := range [][]string{
		{"-leases", "./examples/jobs/..."},
		{"-why", fmt.Sprintf("%s:%d", worker, lineOf(t, dir, worker, "Results.Tag(")), "./examples/jobs/..."},
	} {
		out, errOut, code := runIn(t, dir, bin, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d\n%s", args, code, errOut)
		}
		block := "```text\n$ fencecheck " + strings.Join(args, " ") + "\n" + out + "```"
		if !strings.Contains(string(doc), block) {
			t.Errorf("docs/inventory.md does not show the output of fencecheck %s as it is:\n%s", strings.Join(args, " "), block)
		}
	}
}
