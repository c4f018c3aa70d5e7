package gclplugin_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// gclVersion is the golangci-lint release the end-to-end test builds; it
// must match the version in testdata/e2e/golangci/.custom-gcl.yml.
const gclVersion = "v2.15.0"

// customMain is the main package of the custom golangci-lint binary: the
// one golangci-lint ships, with the plugin imported. docs/integration.md
// shows the same file for builds without git access.
const customMain = `// Command custom-gcl is golangci-lint with the fencecheck plugin.
package main

import (
	"fmt"
	"os"
	"runtime/debug"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	_ "github.com/fencecheck/fencecheck/gclplugin"
)

// version names the build; golangci-lint salts its cache with it, so give
// each build of the plugin its own (go build -ldflags "-X main.version=…").
var version = "2.15.0-custom-fencecheck"

func main() {
	info := commands.BuildInfo{Version: version, Commit: "?", Date: "(unknown)", GoVersion: "unknown"}
	if bi, ok := debug.ReadBuildInfo(); ok {
		info.GoVersion = bi.GoVersion
	}
	if err := commands.Execute(info); err != nil {
		_, _ = fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}
`

// TestGolangciLint builds golangci-lint with the plugin from the module
// proxy and runs it on testdata/e2e/golangci with the fixture's own
// .golangci.yml. It takes minutes on a cold module cache, so it runs only
// when FENCECHECK_GOLANGCI=1 (scripts/golangci.sh sets it).
func TestGolangciLint(t *testing.T) {
	if os.Getenv("FENCECHECK_GOLANGCI") != "1" {
		t.Skip("set FENCECHECK_GOLANGCI=1 (or run scripts/golangci.sh) to build golangci-lint with the plugin")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	fixture := filepath.Join(root, "testdata", "e2e", "golangci")
	custom, err := os.ReadFile(filepath.Join(fixture, ".custom-gcl.yml"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(custom, []byte("version: "+gclVersion)) || !bytes.Contains(custom, []byte("import: github.com/fencecheck/fencecheck/gclplugin")) {
		t.Fatalf(".custom-gcl.yml does not build %s with the plugin:\n%s", gclVersion, custom)
	}

	// The build module: golangci-lint from the proxy, fencecheck from here.
	mod := t.TempDir()
	writeFile(t, filepath.Join(mod, "go.mod"), fmt.Sprintf(`module fencecheck.local/custom-gcl

go 1.26.0

require (
	github.com/fencecheck/fencecheck v0.0.0
	github.com/golangci/golangci-lint/v2 %s
)

replace github.com/fencecheck/fencecheck => %s
`, gclVersion, root))
	writeFile(t, filepath.Join(mod, "main.go"), customMain)
	bin := filepath.Join(mod, "custom-gcl")
	start := time.Now()
	run(t, mod, "go", "mod", "tidy")
	tidy := time.Since(start)
	run(t, mod, "go", "build", "-ldflags", "-X main.version=2.15.0-custom-fencecheck-"+fmt.Sprint(time.Now().UnixNano()), "-o", bin, ".")
	t.Logf("custom golangci-lint: go mod tidy %v, go build %v, total %v", tidy.Round(time.Second), (time.Since(start) - tidy).Round(time.Second), time.Since(start).Round(time.Second))

	if out, _, _ := gcl(t, bin, fixture, "linters"); !strings.Contains(out, "fencecheck") {
		t.Errorf("custom-gcl linters does not list fencecheck:\n%s", out)
	}

	// The fixture's configuration: the marked finding, nothing on the
	// //nolint:fencecheck line, and nolintlint (allow-unused: false) quiet,
	// which shows the directive did suppress a fencecheck finding.
	out, errOut, code := gcl(t, bin, fixture, "run", "--show-stats=false", "--output.json.path=stdout", "--output.text.path=stderr", "./...")
	if code != 1 {
		t.Fatalf("custom-gcl run: exit %d, want 1 (issues found)\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	issues := decodeIssues(t, out)
	want := markedFindings(t, fixture)
	if len(want) == 0 {
		t.Fatal("no // finding: markers in the fixture")
	}
	var got []string
	for _, is := range issues {
		if is.FromLinter != "fencecheck" {
			t.Errorf("unexpected issue from %s: %s:%d: %s", is.FromLinter, is.Pos.Filename, is.Pos.Line, is.Text)
			continue
		}
		rule, _, _ := strings.Cut(is.Text, ": ")
		got = append(got, fmt.Sprintf("%s:%d: %s", is.Pos.Filename, is.Pos.Line, rule))
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("issues:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, nl := range markedLines(t, fixture, "//nolint:fencecheck") {
		for _, g := range got {
			if strings.HasPrefix(g, nl+":") {
				t.Errorf("issue reported on the //nolint:fencecheck line: %s", g)
			}
		}
	}
	if len(markedLines(t, fixture, "//nolint:fencecheck")) == 0 {
		t.Error("the fixture has no //nolint:fencecheck line")
	}

	// Settings: disable the rule, and a typo fails the run.
	cfg := filepath.Join(t.TempDir(), "golangci.yml")
	writeFile(t, cfg, configWith("disable: [unfenced]"))
	if out, errOut, code := gcl(t, bin, fixture, "run", "--show-stats=false", "--config", cfg, "--output.json.path=stdout", "./..."); code != 0 || len(decodeIssues(t, out)) != 0 {
		t.Errorf("with disable: [unfenced]: exit %d, issues %s\n%s", code, out, errOut)
	}
	writeFile(t, cfg, configWith("disabel: [unfenced]"))
	if _, errOut, code := gcl(t, bin, fixture, "run", "--config", cfg, "./..."); code != 3 || !strings.Contains(errOut, `unknown setting "disabel"`) {
		t.Errorf("with a misspelt setting: exit %d, want 3 and the setting named\n%s", code, errOut)
	}

	partialLoad(t, bin, filepath.Join(root, "testdata", "e2e", "partial"))
}

// partialLoad runs the binary on testdata/e2e/partial, where some
// packages do not load or build. golangci-lint reports the type-check
// errors and, by its own design, only them while there are any; the
// plugin must not fail on the broken packages (the directive analyzer
// runs despite errors), and the packages that load, named on the command
// line as docs/ci.md shows, give their finding.
func partialLoad(t *testing.T, bin, dir string) {
	env := append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=readonly", "GOPROXY=off", "GOLANGCI_LINT_CACHE="+t.TempDir())
	cfg := filepath.Join(t.TempDir(), "golangci.yml")
	writeFile(t, cfg, configWith("disable: []"))
	out, errOut, code := gclEnv(t, bin, dir, env, "run", "--show-stats=false", "--config", cfg, "--output.json.path=stdout", "./...")
	if code != 1 || strings.Contains(errOut, "panic") {
		t.Errorf("partial: exit %d, want 1 (type-check errors) and no panic\nstderr: %s", code, errOut)
	}
	typecheck := false
	for _, is := range decodeIssues(t, out) {
		typecheck = typecheck || is.FromLinter == "typecheck"
	}
	if !typecheck {
		t.Errorf("partial: no typecheck issue for the packages that do not build:\n%s", out)
	}

	list := exec.Command("go", "list", "-e", "-f", "{{if not (or .Error .DepsErrors)}}{{.Dir}}{{end}}", "./...")
	list.Dir, list.Env = dir, env
	dirs, err := list.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	args := []string{"run", "--show-stats=false", "--config", cfg, "--output.json.path=stdout"}
	for _, d := range strings.Fields(string(dirs)) {
		// tally has a type error, which go list does not see; digest imports it.
		if b := filepath.Base(d); b != "tally" && b != "digest" {
			args = append(args, d)
		}
	}
	out, errOut, code = gclEnv(t, bin, dir, env, args...)
	var got []string
	for _, is := range decodeIssues(t, out) {
		rule, _, _ := strings.Cut(is.Text, ": ")
		got = append(got, fmt.Sprintf("%s:%d: %s", filepath.Base(is.Pos.Filename), is.Pos.Line, rule))
	}
	if want := []string{"jobs.go:15: unfenced"}; code != 1 || !slices.Equal(got, want) {
		t.Errorf("partial, the packages that load: exit %d, issues %q, want 1 and %q\nstderr: %s", code, got, want, errOut)
	}
}

// configWith is a .golangci.yml that enables only fencecheck, with the
// given settings line.
func configWith(setting string) string {
	return `version: "2"
linters:
  default: none
  enable: [fencecheck]
  settings:
    custom:
      fencecheck:
        type: module
        settings:
          ` + setting + `
`
}

// issue is the part of golangci-lint's JSON issue the test reads.
type issue struct {
	FromLinter string
	Text       string
	Pos        struct {
		Filename string
		Line     int
	}
}

// decodeIssues reads golangci-lint's JSON output.
func decodeIssues(t *testing.T, out string) []issue {
	t.Helper()
	var r struct{ Issues []issue }
	// The JSON report comes first; a summary may follow it.
	if err := json.NewDecoder(strings.NewReader(out)).Decode(&r); err != nil {
		t.Fatalf("decoding golangci-lint JSON: %v\n%s", err, out)
	}
	return r.Issues
}

// markedFindings returns "file:line: rule" for every "// finding: RULE"
// marker in the module's Go files, sorted.
func markedFindings(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	for _, l := range markedLines(t, dir, "// finding: ") {
		file, line, _ := strings.Cut(l, ":")
		data, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		var n int
		fmt.Sscan(line, &n)
		text := strings.Split(string(data), "\n")[n-1]
		_, rule, _ := strings.Cut(text, "// finding: ")
		out = append(out, l+": "+strings.Fields(rule)[0])
	}
	slices.Sort(out)
	return out
}

// markedLines returns "file:line" for every line of the module's Go files
// that contains marker, file relative to dir.
func markedLines(t *testing.T, dir, marker string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		sc := bufio.NewScanner(bytes.NewReader(data))
		for line := 1; sc.Scan(); line++ {
			if strings.Contains(sc.Text(), marker) {
				out = append(out, fmt.Sprintf("%s:%d", filepath.ToSlash(rel), line))
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// gcl runs the custom binary in dir with a cache of its own and returns
// stdout, stderr and the exit code.
func gcl(t *testing.T, bin, dir string, args ...string) (string, string, int) {
	t.Helper()
	return gclEnv(t, bin, dir, append(os.Environ(), "GOWORK=off", "GOLANGCI_LINT_CACHE="+t.TempDir()), args...)
}

// gclEnv is gcl with the environment env.
func gclEnv(t *testing.T, bin, dir string, env []string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s %v: %v", bin, args, err)
	}
	return stdout.String(), stderr.String(), code
}

// run runs a command in dir and fails the test if it fails.
func run(t *testing.T, dir, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
}

// writeFile writes a file or fails the test.
func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
