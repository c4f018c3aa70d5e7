package main_test

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/fencecheck/fencecheck/internal/report/sarifcheck"
	"github.com/fencecheck/fencecheck/internal/vetjson"
)

// pathCase is a finding whose path the output must show: the write's file
// and line, and the steps before it ("file:line message", the file relative
// to the module), in order.
type pathCase struct {
	module, file string
	line         int
	steps        []string
}

// pathCases are cross-package findings with related positions: a call to a
// helper of another package that writes (sqlmod: the lease, then the
// helper's write), a call to the runtime helper with a token the claim did
// not issue (runtimeuse: the lease, then the token's origin), a method of
// a job struct that writes through the pool (services), and an
// implementation wired in main whose interface method is called under a
// lease in another package (services).
var pathCases = []pathCase{
	{"sqlmod", "worker/worker.go", 35, []string{
		"worker/worker.go:23 lease taken here by (*sql.DB).QueryRowContext",
		"store/store.go:11 the write: (*sql.DB).ExecContext on results",
	}},
	{"runtimeuse", "worker.go", 32, []string{
		"worker.go:29 lease taken here by (fencesql.Table).Claim",
		"worker.go:32 token obtained here",
	}},
	{"services", "consumer/consumer.go", 19, []string{
		"consumer/consumer.go:15 lease taken here by (*queue.Queue).Receive",
		"queue/queue.go:58 the write: (*sql.DB).ExecContext on tasks",
	}},
	{"services", "cmd/server/main.go", 21, []string{
		"worker/worker.go:39 called here under a lease (lease taken here by (*sql.DB).QueryRowContext)",
		"pgrepo/store.go:23 (*pgrepo.Store).Complete writes via (*sql.DB).ExecContext",
	}},
}

// TestPathSteps checks the ordered steps of cross-package findings in
// every format: JSON related entries (go vet -vettool and both
// standalone drivers), SARIF code flows and related locations (both
// drivers, valid against the SARIF 2.1.0 schema) and -v text.
func TestPathSteps(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and downloads modules")
	}
	bin := binary(t)
	for _, pc := range pathCases {
		t.Run(pc.module+"/"+pc.file, func(t *testing.T) {
			dir := e2eModule(t, pc.module)
			want := slices.Clone(pc.steps)
			jsonRuns := map[string][]string{
				"go vet -vettool": {"go", "vet", "-vettool=" + bin, "-json", "./..."},
			}
			for _, driver := range []string{"vet", "packages"} {
				jsonRuns["fencecheck -driver="+driver] = []string{bin, "-driver=" + driver, "-json", "./..."}
			}
			for name, args := range jsonRuns {
				out, errOut, code := runIn(t, dir, args[0], args[1:]...)
				if code != 0 {
					t.Fatalf("%s: exit %d\n%s", name, code, errOut)
				}
				f := findingAt(t, name, dir, out, pc)
				var got []string
				for _, r := range f.Related {
					file, line, _ := vetjson.SplitPosn(r.Posn)
					if rel, err := filepath.Rel(dir, file); err == nil {
						file = filepath.ToSlash(rel)
					}
					got = append(got, fmt.Sprintf("%s:%d %s", file, line, r.Message))
				}
				if !slices.Equal(got, want) {
					t.Errorf("%s: related %q, want %q", name, got, want)
				}
			}

			wantFlow := append(slices.Clone(want), fmt.Sprintf("%s:%d", pc.file, pc.line))
			for _, driver := range []string{"vet", "packages"} {
				out, errOut, code := runIn(t, dir, bin, "-driver="+driver, "-format=sarif", "./...")
				if code != 3 {
					t.Fatalf("-driver=%s -format=sarif: exit %d\n%s", driver, code, errOut)
				}
				flow, related := sarifPath(t, out, pc)
				// The write's message is the finding's; compare its place.
				if len(flow) > 0 {
					flow[len(flow)-1] = strings.Fields(flow[len(flow)-1])[0]
				}
				if !slices.Equal(flow, wantFlow) {
					t.Errorf("-driver=%s SARIF thread flow %q, want %q", driver, flow, wantFlow)
				}
				if !slices.Equal(related, want) {
					t.Errorf("-driver=%s SARIF related locations %q, want %q", driver, related, want)
				}

				text, errOut, code := runIn(t, dir, bin, "-driver="+driver, "-v", "./...")
				if code != 3 {
					t.Fatalf("-driver=%s -v: exit %d\n%s", driver, code, errOut)
				}
				lines := strings.Split(text, "\n")
				head := fmt.Sprintf("%s:%d:", pc.file, pc.line)
				i := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, head) })
				if i < 0 {
					t.Fatalf("-driver=%s -v: no line for %s:\n%s", driver, head, text)
				}
				var steps []string
				for _, l := range lines[i+1:] {
					if !strings.HasPrefix(l, "    ") {
						break
					}
					steps = append(steps, strings.TrimPrefix(l, "    "))
				}
				var wantText []string
				for _, s := range want {
					place, msg, _ := strings.Cut(s, " ")
					wantText = append(wantText, place+": "+msg)
				}
				if len(steps) != len(want)+1 || !slices.Equal(steps[:len(want)], wantText) ||
					!strings.HasPrefix(steps[len(want)], fmt.Sprintf("%s:%d: ", pc.file, pc.line)) {
					t.Errorf("-driver=%s -v steps:\n%s\nwant:\n%s\n%s:%d: …", driver, strings.Join(steps, "\n"), strings.Join(wantText, "\n"), pc.file, pc.line)
				}
			}
		})
	}
}

// findingAt returns the finding of a JSON tree at the case's file and
// line.
func findingAt(t *testing.T, name, dir, out string, pc pathCase) vetjson.Finding {
	t.Helper()
	tree, err := vetjson.Decode(strings.NewReader(out))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	for _, f := range tree.Findings() {
		file, line, _ := vetjson.SplitPosn(f.Posn)
		if file == filepath.Join(dir, pc.file) && line == pc.line {
			return f
		}
	}
	t.Fatalf("%s: no finding at %s:%d\n%s", name, pc.file, pc.line, out)
	return vetjson.Finding{}
}

// sarifPath validates a SARIF log and returns, for the result at the
// case's position, its thread flow ("file:line message") and related
// locations.
func sarifPath(t *testing.T, out string, pc pathCase) (flow, related []string) {
	t.Helper()
	_, problems := sarifcheck.Check([]byte(out))
	for _, p := range problems {
		t.Errorf("SARIF: %s", p)
	}
	type loc struct {
		PhysicalLocation struct {
			ArtifactLocation struct{ URI string }
			Region           struct{ StartLine int }
		}
		Message struct{ Text string }
	}
	var log struct {
		Runs []struct {
			Results []struct {
				Locations        []loc
				RelatedLocations []loc
				CodeFlows        []struct {
					ThreadFlows []struct {
						Locations []struct {
							Location       loc
							ExecutionOrder int
						}
					}
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	for _, r := range log.Runs[0].Results {
		l := r.Locations[0].PhysicalLocation
		if l.ArtifactLocation.URI != pc.file || l.Region.StartLine != pc.line {
			continue
		}
		if len(r.CodeFlows) != 1 || len(r.CodeFlows[0].ThreadFlows) != 1 {
			t.Fatalf("result at %s:%d: code flows %+v, want one with one thread flow", pc.file, pc.line, r.CodeFlows)
		}
		for i, s := range r.CodeFlows[0].ThreadFlows[0].Locations {
			if s.ExecutionOrder != i+1 {
				t.Errorf("step %d: executionOrder %d", i, s.ExecutionOrder)
			}
			pl := s.Location.PhysicalLocation
			flow = append(flow, fmt.Sprintf("%s:%d %s", pl.ArtifactLocation.URI, pl.Region.StartLine, s.Location.Message.Text))
		}
		for _, s := range r.RelatedLocations {
			related = append(related, fmt.Sprintf("%s:%d %s", s.PhysicalLocation.ArtifactLocation.URI, s.PhysicalLocation.Region.StartLine, s.Message.Text))
		}
		return flow, related
	}
	t.Fatalf("no SARIF result at %s:%d", pc.file, pc.line)
	return nil, nil
}
