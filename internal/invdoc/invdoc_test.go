package invdoc

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/fencecheck/fencecheck/internal/invdoc/invschema"
	"github.com/fencecheck/fencecheck/internal/vetjson"
)

// rel is a related message of a field.
func rel(posn, name, value string) vetjson.RelatedMessage {
	return vetjson.RelatedMessage{Posn: posn, Message: Field(name, value)}
}

// findings are the diagnostics of a small run: a scope with a reported
// write and an unjudged interface call, a conversion of another package
// that judges that call, and a write outside any scope.
func findings() []vetjson.Finding {
	const a = "inventory"
	scope := vetjson.Finding{Package: "p/w", Analyzer: a, Diagnostic: vetjson.Diagnostic{
		Category: Category, Posn: "/m/w/w.go:10:20", End: "/m/w/w.go:10:40", Message: ScopePrefix + "lease taken here by q.Claim",
		Related: []vetjson.RelatedMessage{
			rel("/m/w/w.go:10:20", FieldKind, "acquisition"),
			rel("/m/w/w.go:10:20", FieldFunc, "w.Run"),
			rel("/m/w/w.go:10:20", FieldRecognised, "fact: q.Claim takes a lease (fact of package p/q)"),
			rel("/m/w/w.go:11:3", FieldToken, "tok"),
			rel("/m/w/w.go:11:3", FieldTokenFrom, "RETURNING fence_token"),
			rel("/m/w/w.go:30:1", FieldEnds, "the function returns"),
		},
	}}
	write := vetjson.Finding{Package: "p/w", Analyzer: a, Diagnostic: vetjson.Diagnostic{
		Category: Category, Posn: "/m/w/w.go:12:2", End: "/m/w/w.go:13:9", Message: "x: reported (unfenced): y",
		Related: []vetjson.RelatedMessage{
			rel("/m/w/w.go:10:20", FieldScope, "lease taken here by q.Claim"),
			rel("/m/w/w.go:10:20", FieldStep, "lease taken here by q.Claim"),
			rel("/m/w/w.go:12:2", FieldVerdict, "reported"),
			rel("/m/w/w.go:12:2", FieldRule, "unfenced"),
			rel("/m/w/w.go:12:2", FieldGuard, "none"),
			rel("/m/w/w.go:12:2", FieldReason, "nothing conditions the write on the lease"),
			rel("/m/w/w.go:12:2", FieldCallee, "(*sql.DB).ExecContext"),
			rel("/m/w/w.go:12:2", FieldSubject, "(*sql.DB).ExecContext updates jobs"),
			rel("/m/w/w.go:12:2", FieldIgnored, "the table is a cache"),
		},
	}}
	iface := vetjson.Finding{Package: "p/w", Analyzer: a, Diagnostic: vetjson.Diagnostic{
		Category: Category, Posn: "/m/w/w.go:20:2", End: "/m/w/w.go:20:30", Message: "call to (p.S).Put: unjudged: no implementation",
		Related: []vetjson.RelatedMessage{
			rel("/m/w/w.go:10:20", FieldScope, "lease taken here by q.Claim"),
			rel("/m/w/w.go:20:2", FieldVerdict, "unjudged"),
			rel("/m/w/w.go:20:2", FieldReason, "no implementation of (p.S).Put is visible here"),
			rel("/m/w/w.go:20:2", FieldCallee, "(p.S).Put"),
			rel("/m/w/w.go:20:2", FieldSubject, "call to (p.S).Put"),
		},
	}}
	wired := vetjson.Finding{Package: "p/main", Analyzer: a, Diagnostic: vetjson.Diagnostic{
		Category: Category, Posn: "/m/main.go:7:3", Message: "…: fenced: …",
		Related: []vetjson.RelatedMessage{
			rel("/m/w/w.go:20:14", FieldScope, "lease taken here by q.Claim"),
			rel("/m/main.go:7:3", FieldVerdict, "fenced"),
			rel("/m/main.go:7:3", FieldReason, "(*db.S).Put performs a token-conditional write"),
			rel("/m/main.go:7:3", FieldCallee, "(p.S).Put"),
			rel("/m/main.go:7:3", FieldSubject, "*db.S used as p.S"),
			rel("/m/main.go:7:3", FieldJudges, "/m/w/w.go:20:14"),
		},
	}}
	outside := vetjson.Finding{Package: "p/w", Analyzer: a, Diagnostic: vetjson.Diagnostic{
		Category: Category, Posn: "/m/w/w.go:40:2", Message: "…",
		Related: []vetjson.RelatedMessage{
			rel("/m/w/w.go:40:2", FieldVerdict, "unscoped"),
			rel("/m/w/w.go:40:2", FieldGuard, "none"),
			rel("/m/w/w.go:40:2", FieldReason, "no lease is held here"),
			rel("/m/w/w.go:40:2", FieldCallee, "(*sql.DB).ExecContext"),
			rel("/m/w/w.go:40:2", FieldSubject, "(*sql.DB).ExecContext updates jobs"),
		},
	}}
	other := vetjson.Finding{Package: "p/w", Analyzer: "unfenced", Diagnostic: vetjson.Diagnostic{Posn: "/m/w/w.go:12:2", Message: "not the inventory's"}}
	// The test variant of p/w reports the same diagnostics again.
	return []vetjson.Finding{wired, write, scope, iface, outside, other, scope, write}
}

// relTo shortens the test's paths.
func relTo(file string) string { return strings.TrimPrefix(file, "/m/") }

func TestDecode(t *testing.T) {
	doc := Decode(findings(), "inventory", relTo)
	if len(doc.Scopes) != 2 {
		t.Fatalf("got %d scopes, want the claim's and the foreign one of the conversion", len(doc.Scopes))
	}
	s := doc.Scopes[0]
	if s.ID != "w/w.go:10:20" || s.Kind != "acquisition" || s.Func != "w.Run" || s.Recognised.By != "fact" ||
		s.Token == nil || s.Token.Expr != "tok" || s.Token.From != "RETURNING fence_token" || s.Key != nil || len(s.Ends) != 1 {
		t.Errorf("scope: %+v", s)
	}
	if len(s.Writes) != 2 || s.Writes[0].Rule != "unfenced" || s.Writes[0].Ignored != "the table is a cache" || s.Writes[1].Verdict != "unjudged" {
		t.Fatalf("writes of the scope: %+v", s.Writes)
	}
	if j := s.Writes[1].JudgedAt; len(j) != 1 || j[0].Posn != "main.go:7:3" || !strings.HasPrefix(j[0].Message, "fenced: ") {
		t.Errorf("the interface call is not linked to the conversion that judges it: %+v", j)
	}
	if f := doc.Scopes[1]; f.Kind != "foreign" || f.ID != "w/w.go:20:14" || len(f.Writes) != 1 {
		t.Errorf("foreign scope: %+v", f)
	}
	if len(doc.Unscoped) != 1 || doc.Unscoped[0].Scope != "" {
		t.Errorf("unscoped: %+v", doc.Unscoped)
	}
	if got, want := Summary(doc), "2 lease scopes; 3 writes under them: 1 reported, 1 fenced, 1 unjudged; 1 write outside any scope"; got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
}

func TestSchema(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteJSON(&buf, Decode(findings(), "inventory", relTo)); err != nil {
		t.Fatal(err)
	}
	if err := invschema.Validate(buf.Bytes()); err != nil {
		t.Fatalf("a decoded document is invalid: %v\n%s", err, buf.String())
	}
	if err := invschema.Validate([]byte(`{"version": 1, "scopes": []}`)); err != nil {
		t.Errorf("an empty inventory is invalid: %v", err)
	}
	var doc map[string]any
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	write := func(d map[string]any) map[string]any {
		return d["scopes"].([]any)[0].(map[string]any)["writes"].([]any)[0].(map[string]any)
	}
	for name, mutate := range map[string]func(map[string]any){
		"an unknown verdict":        func(d map[string]any) { write(d)["verdict"] = "maybe" },
		"a reported write, no rule": func(d map[string]any) { delete(write(d), "rule") },
		"a scoped write, no scope":  func(d map[string]any) { delete(write(d), "scope") },
		"a rule on a fenced write":  func(d map[string]any) { write(d)["verdict"] = "fenced" },
		"a position without a line": func(d map[string]any) { write(d)["posn"] = "w.go" },
		"an unknown field":          func(d map[string]any) { write(d)["colour"] = "red" },
		"another version":           func(d map[string]any) { d["version"] = 2 },
		"an unknown recognition": func(d map[string]any) {
			d["scopes"].([]any)[1].(map[string]any)["recognised"].(map[string]any)["by"] = "luck"
		},
		"a scope without its writes": func(d map[string]any) { delete(d["scopes"].([]any)[1].(map[string]any), "writes") },
	} {
		var d map[string]any
		data, _ := json.Marshal(doc)
		if err := json.Unmarshal(data, &d); err != nil {
			t.Fatal(err)
		}
		mutate(d)
		data, _ = json.Marshal(d)
		if err := invschema.Validate(data); err == nil {
			t.Errorf("the schema accepts %s", name)
		}
	}
}

func TestWhy(t *testing.T) {
	doc := Decode(findings(), "inventory", relTo)
	a := Why(doc, "/m/w/w.go", 13, "w/w.go:13")
	if sel := a.Calls; !a.Exact || len(a.Begins) != 0 || len(sel.Scopes) != 1 || len(sel.Scopes[0].Writes) != 1 || sel.Scopes[0].Writes[0].Rule != "unfenced" {
		t.Fatalf("line 13, inside the write's call: %+v", a)
	}
	a = Why(doc, "/m/w/w.go", 18, "w/w.go:18")
	if sel := a.Calls; a.Exact || len(sel.Scopes) != 1 || sel.Scopes[0].Writes[0].Verdict != "unjudged" {
		t.Errorf("line 18: want the nearest call, line 20: %+v", sel.Scopes)
	}
	var buf bytes.Buffer
	if err := WriteWhy(&buf, a); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"the nearest call fencecheck judged", "verdict: unjudged: no implementation", "judged at main.go:7:3: fenced:", "token: tok (RETURNING fence_token); key: none found"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("-why output lacks %q:\n%s", want, buf.String())
		}
	}
	if a = Why(doc, "/m/w/w.go", 41, "w/w.go:41"); len(a.Calls.Unscoped) != 1 || len(a.Calls.Scopes) != 0 {
		t.Errorf("line 41: want the write outside any scope: %+v", a.Calls)
	}
	a = Why(doc, "/m/w/w.go", 10, "w/w.go:10")
	if d := a.Document(); len(a.Begins) != 1 || len(d.Scopes) != 1 || len(d.Scopes[0].Writes) != 2 {
		t.Errorf("line 10, where the claim is: want its scope with its two writes: %+v", a)
	}
	buf.Reset()
	if err := WriteWhy(&buf, a); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "w/w.go:10:20: lease scope in w.Run: lease taken here by q.Claim") || !strings.Contains(buf.String(), "2 writes under it: 1 reported, 1 unjudged") {
		t.Errorf("line 10: %s", buf.String())
	}
	buf.Reset()
	if err := WriteWhy(&buf, Why(doc, "/m/elsewhere.go", 3, "elsewhere.go:3")); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "nothing to say there") {
		t.Errorf("a file with no call: %s", buf.String())
	}
}
