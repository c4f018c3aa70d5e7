package driver

import (
	"reflect"
	"strings"
	"testing"
)

// goList is go list -e -test -json output for a module where web's embed
// pattern matches nothing, useweb imports web, sync imports a package no
// module provides, notes's tests import one, and jobs's external tests
// import a package that does not build (the error comes later, from go
// vet).
const goList = `
{"ImportPath": "example.com/m/cmd/sync", "Name": "main",
 "DepsErrors": [{"ImportStack": ["example.com/m/cmd/sync"], "Pos": "cmd/sync/main.go:4:8",
   "Err": "no required module provides package example.invalid/c; to add it:\n\tgo get example.invalid/c"}]}
{"ImportPath": "example.com/m/jobs", "Name": "jobs", "Deps": ["context", "database/sql"]}
{"ImportPath": "example.com/m/jobs [example.com/m/jobs.test]", "Name": "jobs", "ForTest": "example.com/m/jobs", "Deps": ["context"]}
{"ImportPath": "example.com/m/jobs_test [example.com/m/jobs.test]", "Name": "jobs_test", "ForTest": "example.com/m/jobs",
 "Deps": ["example.com/m/jobs [example.com/m/jobs.test]", "example.com/m/tally"]}
{"ImportPath": "example.com/m/jobs.test", "Name": "main", "Deps": ["example.com/m/tally"],
 "DepsErrors": [{"ImportStack": ["example.com/m/jobs.test", "example.com/m/web"], "Err": "testmain's copy"}]}
{"ImportPath": "example.com/m/tally", "Name": "tally"}
{"ImportPath": "example.com/m/notes", "Name": "notes"}
{"ImportPath": "example.com/m/notes [example.com/m/notes.test]", "Name": "notes", "ForTest": "example.com/m/notes",
 "DepsErrors": [{"ImportStack": ["example.com/m/notes (test)"], "Pos": "notes/in_test.go:3:8", "Err": "cannot find module providing package example.invalid/z"}]}
{"ImportPath": "example.com/m/useweb", "Name": "useweb", "Deps": ["embed", "example.com/m/web"],
 "DepsErrors": [{"ImportStack": ["example.com/m/useweb", "example.com/m/web"], "Pos": "web/web.go:6:12",
   "Err": "pattern dist/*: no matching files found"}]}
{"ImportPath": "example.com/m/web", "Name": "web",
 "Error": {"ImportStack": [], "Pos": "web/web.go:6:12", "Err": "pattern dist/*: no matching files found"}}
{"ImportPath": "../other/...", "Error": {"Err": "pattern ../other/...: directory prefix ../other does not contain main module"}}
`

func TestLoadFailures(t *testing.T) {
	pkgs, err := decodeList(strings.NewReader(goList))
	if err != nil {
		t.Fatal(err)
	}
	got := loadFailures(pkgs)
	want := map[string]string{
		"example.com/m/cmd/sync": "cmd/sync/main.go:4:8: no required module provides package example.invalid/c; to add it: go get example.invalid/c",
		"example.com/m/useweb":   "its dependency example.com/m/web does not load: web/web.go:6:12: pattern dist/*: no matching files found",
		"example.com/m/web":      "web/web.go:6:12: pattern dist/*: no matching files found",
		"../other/...":           "pattern ../other/...: directory prefix ../other does not contain main module",
		"example.com/m/notes":    "notes/in_test.go:3:8: cannot find module providing package example.invalid/z",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("loadFailures:\n%q\nwant\n%q", got, want)
	}
	if good := loadable(pkgs, got); !reflect.DeepEqual(good, []string{"example.com/m/jobs", "example.com/m/tally"}) {
		t.Errorf("loadable = %q, want jobs and tally", good)
	}
	if n := countPackages(pkgs); n != 7 {
		t.Errorf("countPackages = %d, want 6 (a package and its tests once, no test main)", n)
	}

	// go vet then reports tally as failing: jobs's tests import it, so
	// jobs fails too; the packages that did not load keep their error.
	built := map[string]string{
		"example.com/m/tally":  "tally/tally.go:5:27: cannot use \"many\"",
		"example.com/m/web":    "not this",
		"example.com/elswhere": "x.go:1:1: not a package of the list nor a dependency",
	}
	got, unused := buildFailures(pkgs, got, built)
	want = map[string]string{
		"example.com/m/tally": "tally/tally.go:5:27: cannot use \"many\"",
		"example.com/m/jobs":  "its dependency example.com/m/tally does not build: tally/tally.go:5:27: cannot use \"many\"",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("buildFailures:\n%q\nwant\n%q", got, want)
	}
	if want := []string{"example.com/elswhere: x.go:1:1: not a package of the list nor a dependency"}; !reflect.DeepEqual(unused, want) {
		t.Errorf("unused blocks = %q, want %q", unused, want)
	}
}

func TestBuildFailuresExternalTests(t *testing.T) {
	pkgs, err := decodeList(strings.NewReader(goList))
	if err != nil {
		t.Fatal(err)
	}
	built := map[string]string{"example.com/m/jobs_test": "jobs/x_test.go:3:1: undefined: Nope"}
	got, unused := buildFailures(pkgs, map[string]string{}, built)
	if want := map[string]string{"example.com/m/jobs": "jobs/x_test.go:3:1: undefined: Nope"}; !reflect.DeepEqual(got, want) || len(unused) != 0 {
		t.Errorf("buildFailures = %q, %q; want %q and nothing unused", got, unused, want)
	}
}

func TestParseVetStderr(t *testing.T) {
	stderr := "go: downloading example.com/dep v1.0.0\n" +
		"# example.com/m/tally\n" +
		"tally/tally.go:5:27: cannot use \"many\"\n" +
		"tally/tally.go:6:1: second error\n" +
		"# example.com/m/jobs_test [example.com/m/jobs.test]\n" +
		"jobs/x_test.go:3:1: undefined:\n\tNope\n" +
		"# example.com/m/quiet\n" +
		"\n" +
		"go: finding module for package example.invalid/c\n" +
		"# \n" +
		"something the go command said\n"
	firsts, rest := parseVetStderr([]byte(stderr))
	want := map[string]string{
		"example.com/m/tally":     "tally/tally.go:5:27: cannot use \"many\"",
		"example.com/m/jobs_test": "jobs/x_test.go:3:1: undefined: Nope",
		"example.com/m/quiet":     "failed with no message",
	}
	if !reflect.DeepEqual(firsts, want) {
		t.Errorf("firsts:\n%q\nwant\n%q", firsts, want)
	}
	if !reflect.DeepEqual(rest, []string{"something the go command said"}) {
		t.Errorf("rest = %q, want the line after the nameless block", rest)
	}

	firsts, rest = parseVetStderr([]byte("go: example.com/m: malformed go.mod\n"))
	if len(firsts) != 0 || !reflect.DeepEqual(rest, []string{"go: example.com/m: malformed go.mod"}) {
		t.Errorf("an error outside a block: firsts %q, rest %q", firsts, rest)
	}
}

func TestBatches(t *testing.T) {
	args := []string{"aaaa", "bb", "cccccccccc", "d", "e"}
	got := batches(args, 8)
	want := [][]string{{"aaaa", "bb"}, {"cccccccccc"}, {"d", "e"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("batches = %q, want %q", got, want)
	}
	if got := batches(nil, 8); len(got) != 0 {
		t.Errorf("batches(nil) = %q", got)
	}
}
