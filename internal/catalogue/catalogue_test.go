package catalogue

import (
	"flag"
	"go/types"
	"os"
	"regexp"
	"strings"
	"testing"
)

// fullName matches what (*types.Func).FullName prints: pkg/path.Func,
// (pkg/path.Type).Method or (*pkg/path.Type).Method.
var fullName = regexp.MustCompile(`^(\(\*?[A-Za-z0-9_./-]+\.[A-Za-z_][A-Za-z0-9_]*\)\.[A-Za-z_][A-Za-z0-9_]*|[A-Za-z0-9_./-]+\.[A-Za-z_][A-Za-z0-9_]*)$`)

// TestNames checks that every entry is keyed by a well-formed full name,
// once, and belongs to the library it names.
func TestNames(t *testing.T) {
	seen := map[string]bool{}
	for _, e := range table {
		if !fullName.MatchString(e.Name) {
			t.Errorf("%q is not a types.Func full name", e.Name)
		}
		if seen[e.Name] {
			t.Errorf("%q is listed twice", e.Name)
		}
		seen[e.Name] = true
		if e.Library == "" || !InLibrary(e.Library) && !partialLibraries[e.Library] {
			t.Errorf("%q: library %q", e.Name, e.Library)
		}
		if e.Class == 0 {
			t.Errorf("%q has no class", e.Name)
		}
	}
}

// TestLookupName checks a few entries by name.
func TestLookupName(t *testing.T) {
	for name, class := range map[string]Class{
		"(*database/sql.DB).ExecContext":                              SQLExec,
		"(*github.com/go-redsync/redsync/v4.Mutex).Lock":              Acquire,
		"(go.etcd.io/etcd/client/v3.KV).Put":                          Sink,
		"(*github.com/aws/aws-sdk-go-v2/service/s3.Client).PutObject": CondSink,
	} {
		e := LookupName(name)
		if e == nil || e.Class != class {
			t.Errorf("LookupName(%q) = %v, want class %v", name, e, class)
		}
	}
}

var update = flag.Bool("update", false, "rewrite docs/catalogue.md")

// TestMarkdown checks that docs/catalogue.md is the page the table
// generates.
func TestMarkdown(t *testing.T) {
	const path = "../../docs/catalogue.md"
	got := Markdown()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != got {
		t.Errorf("%s is out of date: run go test ./internal/catalogue -update", path)
	}
}

// TestHandleOf checks the session kinds of a few handle types.
func TestHandleOf(t *testing.T) {
	pkg := types.NewPackage("database/sql", "sql")
	for name, want := range map[string]Handle{"DB": Pooled, "Conn": Session, "Tx": Transaction} {
		named := types.NewNamed(types.NewTypeName(0, pkg, name, nil), types.NewStruct(nil, nil), nil)
		if got, ok := HandleOf(types.NewPointer(named)); !ok || got != want {
			t.Errorf("HandleOf(*sql.%s) = %v, %v; want %v", name, got, ok, want)
		}
		if _, ok := HandleOf(named); ok {
			t.Errorf("HandleOf(sql.%s) found a handle; only the pointer is one", name)
		}
	}
}

// TestNamePackages checks that every entry's name begins with the package
// Lookup reads it from, so that its fast path rejects no entry.
func TestNamePackages(t *testing.T) {
	for _, e := range table {
		p := namePackage(e.Name)
		if !namePackages[p] || !strings.HasPrefix(strings.TrimLeft(e.Name, "(*"), p+".") || strings.ContainsAny(p, "[]() ") {
			t.Errorf("entry %s: package %q", e.Name, p)
		}
	}
}
