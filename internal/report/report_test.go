package report

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fencecheck/fencecheck/internal/report/sarifcheck"
	"github.com/fencecheck/fencecheck/internal/vetjson"
)

// src is a file with a method, a generic method, a function literal and a
// line with non-ASCII text before a finding.
const src = `package p

type T struct{}

func (t *T) Save() {
	f := func() {
		write()
	}
	f()
}

type G[K comparable] struct{}

func (G[K]) Put() { write() }

func Plain() {
	s := "héllo 🙂"; write()
}

var x = write()

func write() int { return 0 }
`

// fixture writes src into a temporary root and returns the root and the
// file's absolute path.
func fixture(t *testing.T) (string, string) {
	t.Helper()
	root := t.TempDir()
	file := filepath.Join(root, "sub dir", "p.go")
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return root, file
}

// lineCol returns the 1-based line and byte column of the first
// occurrence of needle after the first occurrence of after.
func lineCol(t *testing.T, after, needle string) (int, int) {
	t.Helper()
	i := strings.Index(src, after)
	j := strings.Index(src[i:], needle)
	if i < 0 || j < 0 {
		t.Fatalf("%q after %q not found", needle, after)
	}
	off := i + j
	line := strings.Count(src[:off], "\n") + 1
	col := off - strings.LastIndex(src[:off], "\n")
	return line, col
}

func TestFunc(t *testing.T) {
	root, file := fixture(t)
	files := NewFiles(root)
	for _, tc := range []struct{ after, want string }{
		{"f := func", "(*T).Save"},
		{"func (G[K]) Put", "G.Put"},
		{"s := ", "Plain"},
		{"var x", "var x"},
		{"package p", ""},
	} {
		line, col := lineCol(t, tc.after, "")
		if tc.after == "f := func" {
			line, col = lineCol(t, "f := func", "write()")
		}
		if got := files.Func(file, line, col); got != tc.want {
			t.Errorf("Func at %q (%d:%d) = %q, want %q", tc.after, line, col, got, tc.want)
		}
	}
	if got := files.Func(filepath.Join(root, "missing.go"), 1, 1); got != "" {
		t.Errorf("Func of a missing file = %q", got)
	}
}

func TestUTF16Column(t *testing.T) {
	root, file := fixture(t)
	files := NewFiles(root)
	line, col := lineCol(t, "s := ", "write()")
	// Before write(): tab, `s := "h`, é (2 bytes, 1 unit), `llo `, 🙂
	// (4 bytes, 2 units), `"; `.
	wantCol := col - 1 - 2
	if got := files.UTF16Column(file, line, col); got != wantCol {
		t.Errorf("UTF16Column(%d:%d) = %d, want %d", line, col, got, wantCol)
	}
	if got := files.UTF16Column(file, 1, 5); got != 5 {
		t.Errorf("ASCII column changed: %d", got)
	}
	if got := files.UTF16Column(filepath.Join(root, "missing.go"), 3, 7); got != 7 {
		t.Errorf("unreadable file: column %d, want the byte column 7", got)
	}
}

// findings returns findings in the fixture at the given anchors.
func findings(t *testing.T, file string) []vetjson.Finding {
	t.Helper()
	pos := func(after, needle string, extra int) string {
		l, c := lineCol(t, after, needle)
		return fmt.Sprintf("%s:%d:%d", file, l, c+extra)
	}
	return []vetjson.Finding{
		{Package: "p", Analyzer: "unfenced", Diagnostic: vetjson.Diagnostic{
			Posn: pos("f := func", "write()", 0), End: pos("f := func", "write()", 7),
			Message: "write under a lease without a fencing token",
			Related: []vetjson.RelatedMessage{{Posn: pos("func (t *T)", "Save", 0), Message: "lease taken here"}},
		}},
		{Package: "p", Analyzer: "unfenced", Diagnostic: vetjson.Diagnostic{
			Posn: pos("s := ", "write()", 0), End: pos("s := ", "write()", 7),
			Message: "write, with: colons, commas\nand a newline 100%",
		}},
		{Package: "p", Analyzer: "fencecheck", Diagnostic: vetjson.Diagnostic{
			Posn: pos("var x", "write", 0), End: pos("var x", "write", 0),
			Message: "malformed directive",
		}},
	}
}

var testRules = []Rule{
	{ID: "fencecheck", Doc: "fencecheck: check directives\n\nMore.", URL: "https://example.com/directives", Level: "warning"},
	{ID: "unfenced", Doc: "unfenced: report unfenced writes\n\nMore.", URL: "https://example.com/unfenced"},
	{ID: "preflight", Doc: "preflight: report preflight checks", URL: "https://example.com/preflight"},
}

// TestSARIF checks the document against what SARIF 2.1.0 and GitHub code
// scanning require, and the values fencecheck promises.
func TestSARIF(t *testing.T) {
	root, file := fixture(t)
	var buf bytes.Buffer
	err := WriteSARIF(&buf, findings(t, file), SARIFOptions{
		Files: NewFiles(root), Rules: testRules, ToolVersion: "v1.2.3", InformationURI: "https://example.com",
	})
	if err != nil {
		t.Fatal(err)
	}
	doc := ValidateSARIF(t, buf.Bytes())
	run := doc["runs"].([]any)[0].(map[string]any)
	driver := run["tool"].(map[string]any)["driver"].(map[string]any)
	if driver["semanticVersion"] != "1.2.3" || driver["version"] != "v1.2.3" {
		t.Errorf("versions: %v, %v", driver["version"], driver["semanticVersion"])
	}
	rules := driver["rules"].([]any)
	var ids []string
	for _, r := range rules {
		ids = append(ids, r.(map[string]any)["id"].(string))
	}
	if strings.Join(ids, ",") != "fencecheck,unfenced,preflight" {
		t.Errorf("rule order %v, want the given order", ids)
	}
	if r := rules[1].(map[string]any); r["helpUri"] != "https://example.com/unfenced" ||
		r["shortDescription"].(map[string]any)["text"] != "report unfenced writes" ||
		r["defaultConfiguration"].(map[string]any)["level"] != "error" {
		t.Errorf("unfenced rule: %v", r)
	}
	if base := run["originalUriBaseIds"].(map[string]any)[SrcRoot].(map[string]any)["uri"].(string); base != "file://"+filepath.ToSlash(root)+"/" {
		t.Errorf("%%SRCROOT%% = %s", base)
	}

	results := run["results"].([]any)
	if len(results) != 3 {
		t.Fatalf("%d results, want 3", len(results))
	}
	r0 := results[0].(map[string]any)
	loc := r0["locations"].([]any)[0].(map[string]any)["physicalLocation"].(map[string]any)
	art := loc["artifactLocation"].(map[string]any)
	if art["uri"] != "sub%20dir/p.go" || art["uriBaseId"] != SrcRoot {
		t.Errorf("artifactLocation %v, want a relative, escaped URI with %%SRCROOT%%", art)
	}
	line, col := lineCol(t, "f := func", "write()")
	wantRegion := map[string]any{"startLine": float64(line), "startColumn": float64(col), "endLine": float64(line), "endColumn": float64(col + 7)}
	if fmt.Sprint(loc["region"]) != fmt.Sprint(wantRegion) {
		t.Errorf("region %v, want %v", loc["region"], wantRegion)
	}
	rel := r0["relatedLocations"].([]any)[0].(map[string]any)
	if rel["id"] != float64(1) || rel["message"].(map[string]any)["text"] != "lease taken here" {
		t.Errorf("related location %v", rel)
	}
	// The path: a code flow whose thread flow locations are the steps, the
	// lease first and the write last.
	flows, _ := r0["codeFlows"].([]any)
	if len(flows) != 1 {
		t.Fatalf("result 0: %d code flows, want 1", len(flows))
	}
	tfl := flows[0].(map[string]any)["threadFlows"].([]any)[0].(map[string]any)["locations"].([]any)
	var steps []string
	for _, x := range tfl {
		l := x.(map[string]any)
		pl := l["location"].(map[string]any)
		reg := pl["physicalLocation"].(map[string]any)["region"].(map[string]any)
		steps = append(steps, fmt.Sprintf("%v:%v %v", l["executionOrder"], reg["startLine"], pl["message"].(map[string]any)["text"]))
	}
	ls, _ := lineCol(t, "func (t *T)", "Save")
	if want := []string{fmt.Sprintf("1:%d lease taken here", ls), fmt.Sprintf("2:%d write under a lease without a fencing token", line)}; strings.Join(steps, "|") != strings.Join(want, "|") {
		t.Errorf("thread flow %q, want %q", steps, want)
	}
	if _, ok := results[1].(map[string]any)["codeFlows"]; ok {
		t.Error("a finding without related positions has a code flow")
	}
	if r0["ruleId"] != "unfenced" || r0["ruleIndex"] != float64(1) || r0["level"] != "error" {
		t.Errorf("result 0: %v", r0)
	}
	// Non-ASCII line: columns in UTF-16 code units.
	r1 := results[1].(map[string]any)
	reg := r1["locations"].([]any)[0].(map[string]any)["physicalLocation"].(map[string]any)["region"].(map[string]any)
	_, col = lineCol(t, "s := ", "write()")
	if reg["startColumn"] != float64(col-3) || reg["endColumn"] != float64(col-3+7) {
		t.Errorf("non-ASCII region %v, want columns %d-%d", reg, col-3, col-3+7)
	}
	// A diagnostic without an end: no end in the region.
	r2 := results[2].(map[string]any)
	reg = r2["locations"].([]any)[0].(map[string]any)["physicalLocation"].(map[string]any)["region"].(map[string]any)
	if _, ok := reg["endColumn"]; ok || r2["level"] != "warning" {
		t.Errorf("point region %v, level %v", reg, r2["level"])
	}

	// Stable: the same input gives the same bytes.
	var again bytes.Buffer
	if err := WriteSARIF(&again, findings(t, file), SARIFOptions{Files: NewFiles(root), Rules: testRules, ToolVersion: "v1.2.3", InformationURI: "https://example.com"}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), again.Bytes()) {
		t.Error("two writes of the same findings differ")
	}
}

// TestSARIFEmptyAndErrors checks a run without results, with an analysis
// error, and with a finding of an analyzer missing from the rules.
func TestSARIFEmptyAndErrors(t *testing.T) {
	root, file := fixture(t)
	var buf bytes.Buffer
	if err := WriteSARIF(&buf, nil, SARIFOptions{Files: NewFiles(root), Rules: testRules, Errors: []string{"p: unfenced: boom"}}); err != nil {
		t.Fatal(err)
	}
	doc := ValidateSARIF(t, buf.Bytes())
	run := doc["runs"].([]any)[0].(map[string]any)
	inv := run["invocations"].([]any)[0].(map[string]any)
	if inv["executionSuccessful"] != false || len(inv["toolExecutionNotifications"].([]any)) != 1 {
		t.Errorf("invocation %v", inv)
	}
	if res, ok := run["results"].([]any); !ok || len(res) != 0 {
		t.Errorf("results = %v, want []", run["results"])
	}
	buf.Reset()
	f := findings(t, file)[:1]
	f[0].Analyzer = "newrule"
	if err := WriteSARIF(&buf, f, SARIFOptions{Files: NewFiles(root), Rules: testRules, Baseline: true}); err != nil {
		t.Fatal(err)
	}
	doc = ValidateSARIF(t, buf.Bytes())
	r := doc["runs"].([]any)[0].(map[string]any)["results"].([]any)[0].(map[string]any)
	if r["ruleIndex"] != float64(3) || r["baselineState"] != "new" {
		t.Errorf("result %v", r)
	}
}

// ValidateSARIF decodes a SARIF log and fails the test on every problem
// sarifcheck finds.
func ValidateSARIF(t *testing.T, data []byte) map[string]any {
	t.Helper()
	doc, problems := sarifcheck.Check(data)
	for _, p := range problems {
		t.Error(p)
	}
	if doc == nil {
		t.FailNow()
	}
	return doc
}

func TestGitHub(t *testing.T) {
	root, file := fixture(t)
	var buf bytes.Buffer
	if err := WriteGitHub(&buf, findings(t, file), []string{"p: unfenced: a, b: c"}, NewFiles(root)); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d lines, want 4:\n%s", len(lines), buf.String())
	}
	l1, c1 := lineCol(t, "f := func", "write()")
	l2, c2 := lineCol(t, "s := ", "write()")
	l3, c3 := lineCol(t, "var x", "write")
	ls, _ := lineCol(t, "func (t *T)", "Save")
	want := []string{
		"::error title=fencecheck error::p: unfenced: a, b: c",
		fmt.Sprintf("::error file=sub dir/p.go,line=%d,col=%d,endLine=%d,endColumn=%d,title=fencecheck unfenced::write under a lease without a fencing token%%0Asub dir/p.go:%d: lease taken here", l1, c1, l1, c1+7, ls),
		fmt.Sprintf("::error file=sub dir/p.go,line=%d,col=%d,endLine=%d,endColumn=%d,title=fencecheck unfenced::write, with: colons, commas%%0Aand a newline 100%%25", l2, c2-3, l2, c2-3+7),
		fmt.Sprintf("::error file=sub dir/p.go,line=%d,col=%d,endLine=%d,title=fencecheck fencecheck::malformed directive", l3, c3, l3),
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("line %d:\n got %s\nwant %s", i, lines[i], want[i])
		}
	}
	if got := escapeProperty("a:b,c%d\r\n"); got != "a%3Ab%2Cc%25d%0D%0A" {
		t.Errorf("escapeProperty = %q", got)
	}
}

// TestBaseline checks keys, counts and the round trip through a file.
func TestBaseline(t *testing.T) {
	root, file := fixture(t)
	files := NewFiles(root)
	fs := findings(t, file)
	b := NewBaseline(fs, files)
	var buf bytes.Buffer
	if err := b.Write(&buf); err != nil {
		t.Fatal(err)
	}
	read, err := ReadBaseline(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if read.Len() != 3 || read.Findings[0].File != "sub dir/p.go" {
		t.Fatalf("baseline %+v", read)
	}
	var funcs []string
	for _, e := range read.Findings {
		funcs = append(funcs, e.Function)
	}
	if strings.Join(funcs, "|") != "(*T).Save|Plain|var x" {
		t.Errorf("functions %q", funcs)
	}
	if fresh, gone := read.Filter(fs, files); len(fresh) != 0 || len(gone) != 0 {
		t.Errorf("same findings: new %v, gone %v", fresh, gone)
	}

	// A second identical finding in the same function is new; a finding
	// that went away is reported as gone.
	more := []vetjson.Finding{fs[0], fs[0], fs[2]}
	fresh, gone := read.Filter(more, files)
	if len(fresh) != 1 || fresh[0].Message != fs[0].Message {
		t.Errorf("new = %v, want the second identical finding", fresh)
	}
	if len(gone) != 1 || gone[0].Function != "Plain" || gone[0].Count != 1 {
		t.Errorf("gone = %+v", gone)
	}

	for _, bad := range []string{`{"version": 2, "findings": []}`, `{"version": 1, "findings": [{"rule": "x", "file": "f", "count": 0}]}`, `{"version": 1, "extra": 1}`, `[]`} {
		if _, err := ReadBaseline(strings.NewReader(bad)); err == nil {
			t.Errorf("ReadBaseline(%s) accepted", bad)
		}
	}
}

func TestRel(t *testing.T) {
	files := NewFiles("/repo")
	for in, want := range map[string]string{"/repo/a/b.go": "a/b.go", "/other/c.go": "/other/c.go", "/repo2/x.go": "/repo2/x.go", "rel/d.go": "rel/d.go"} {
		if got, _ := files.Rel(in); got != want {
			t.Errorf("Rel(%s) = %s, want %s", in, got, want)
		}
	}
}

// TestSteps checks a finding's path: the related positions in order, then
// the write with the finding's message less its closing explanation.
func TestSteps(t *testing.T) {
	f := vetjson.Finding{Diagnostic: vetjson.Diagnostic{
		Posn: "w.go:9:2", End: "w.go:9:20",
		Message: "call to (fencesql.Table).Update writes with a guard that does not fence: the token comes from the clock (clocks of two workers are not ordered)",
		Related: []vetjson.RelatedMessage{{Posn: "w.go:3:5", Message: "lease taken here by q.Claim"}, {Posn: "w.go:8:1", Message: "token obtained here"}},
	}}
	var got []string
	for _, s := range Steps(f) {
		got = append(got, s.Posn+" "+s.Message)
	}
	want := []string{"w.go:3:5 lease taken here by q.Claim", "w.go:8:1 token obtained here",
		"w.go:9:2 call to (fencesql.Table).Update writes with a guard that does not fence: the token comes from the clock"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("steps:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for in, out := range map[string]string{
		"x writes via (*sql.DB).Exec":      "x writes via (*sql.DB).Exec",
		"x calls f(a (b))":                 "x calls f(a (b))",
		"x writes (because (nested) here)": "x writes",
		"(all of it)":                      "(all of it)",
		"":                                 "",
	} {
		if got := WriteStep(in); got != out {
			t.Errorf("WriteStep(%q) = %q, want %q", in, got, out)
		}
	}
}
