package main_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/fencecheck/fencecheck/internal/vetjson"
)

// partialEnv is the environment of the runs on testdata/e2e/partial: no
// workspace, go.mod as it is, and a module proxy (an empty directory)
// that serves nothing, so that the module cmd/sync imports cannot be
// downloaded, as with a private or withdrawn dependency, with no network.
func partialEnv(t *testing.T) []string {
	t.Helper()
	proxy := "file://" + filepath.ToSlash(t.TempDir())
	if !strings.HasPrefix(proxy, "file:///") { // Windows: C:/…
		proxy = "file:///" + strings.TrimPrefix(proxy, "file://")
	}
	return append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=readonly", "GOPROXY="+proxy)
}

// runEnv runs a command in dir with env and returns its stdout, stderr
// and exit code.
func runEnv(t *testing.T, dir string, env []string, name string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return stdout.String(), stderr.String(), code
}

// notLoaded are the packages of testdata/e2e/partial that cannot be
// analysed, each with a pattern its error must match.
var notLoaded = map[string]*regexp.Regexp{
	"example.com/partial/web":      regexp.MustCompile(`web/web\.go:6:12: pattern dist/\*: no matching files found`),
	"example.com/partial/useweb":   regexp.MustCompile(`its dependency example\.com/partial/web does not load: .*web/web\.go:6:12: pattern dist/\*: no matching files found`),
	"example.com/partial/cmd/sync": regexp.MustCompile(`example\.invalid/private@v1\.4\.2`),
	"example.com/partial/tally":    regexp.MustCompile(`tally/tally\.go:5:27: cannot use "many"`),
	"example.com/partial/digest":   regexp.MustCompile(`its dependency example\.com/partial/tally does not build: .*tally/tally\.go:5:27: cannot use "many"`),
}

// TestPartialLoad runs fencecheck, with each driver, on a module where
// some packages do not load (an embed pattern with no file, an import of a
// module the proxy does not serve) or build (a type error), and packages
// that import them: the findings of the packages that load are reported,
// each package that does not is named once with its first error, and the
// exit code is 1, in text and in JSON.
func TestPartialLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := binary(t)
	dir := e2eModule(t, "partial")
	env := partialEnv(t)
	want := expectedKeys(t, dir)
	if len(want) == 0 {
		t.Fatal("no // finding: markers in the module")
	}
	for _, driver := range []string{"vet", "packages"} {
		t.Run(driver, func(t *testing.T) {
			out, errOut, code := runEnv(t, dir, env, bin, "-driver="+driver, "./...")
			if code != 1 {
				t.Errorf("exit %d, want 1 (packages not analysed)\nstderr:\n%s", code, errOut)
			}
			if n := strings.Count(out, "\n"); n != len(want) {
				t.Errorf("text output has %d lines, want the %d findings of jobs:\n%s\nstderr:\n%s", n, len(want), out, errOut)
			}
			if !strings.Contains(out, filepath.FromSlash("jobs/jobs.go")+":15:2: ") {
				t.Errorf("text output lacks the finding in jobs:\n%s", out)
			}
			checkNamed(t, errOut)
			if !strings.Contains(errOut, "5 packages not analysed") || !strings.Contains(errOut, "2 others analysed") {
				t.Errorf("stderr does not say that 5 packages were skipped and 2 analysed:\n%s", errOut)
			}

			out, errOut, code = runEnv(t, dir, env, bin, "-driver="+driver, "-format=json", "./...")
			if code != 1 {
				t.Errorf("-format=json: exit %d, want 1\nstderr:\n%s", code, errOut)
			}
			checkNamed(t, errOut)
			tree, err := vetjson.Decode(strings.NewReader(out))
			if err != nil {
				t.Fatalf("decoding JSON: %v\n%s", err, out)
			}
			var got []string
			for _, f := range tree.Findings() {
				file, line, _ := vetjson.SplitPosn(f.Posn)
				rel, _ := filepath.Rel(dir, file)
				got = append(got, filepath.ToSlash(rel)+":"+strconv.Itoa(line)+": "+f.Analyzer)
			}
			if !equal(got, want) {
				t.Errorf("JSON findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			for pkg, re := range notLoaded {
				res, ok := tree[pkg]["fencecheck"]
				if !ok || !re.MatchString(res.Error) {
					t.Errorf("JSON for %s: %+v, want {\"fencecheck\": {\"error\": …%s…}}", pkg, tree[pkg], re)
				}
			}
			if n := len(tree.Errors()); n != len(notLoaded) {
				t.Errorf("JSON has %d errors, want %d:\n%s", n, len(notLoaded), strings.Join(tree.Errors(), "\n"))
			}
		})
	}
}

// checkNamed checks that stderr names each package that was not analysed
// once, with its error.
func checkNamed(t *testing.T, stderr string) {
	t.Helper()
	for pkg, re := range notLoaded {
		prefix := "fencecheck: " + pkg + ": not analysed: "
		if n := strings.Count(stderr, prefix); n != 1 {
			t.Errorf("stderr names %s %d times, want once:\n%s", pkg, n, stderr)
			continue
		}
		line := stderr[strings.Index(stderr, prefix):]
		line = line[:strings.IndexByte(line, '\n')]
		if !re.MatchString(line) {
			t.Errorf("stderr line %q does not match %s", line, re)
		}
	}
}
