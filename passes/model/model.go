package model

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"runtime/debug"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/analysisutil"
	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/internal/generatedfile"
	"github.com/fencecheck/fencecheck/internal/valueflow"
	"github.com/fencecheck/fencecheck/passes/directives"
	"github.com/fencecheck/fencecheck/passes/model/store"
	"github.com/fencecheck/fencecheck/passes/model/store/redis"
)

//go:embed doc.go
var doc string

// Analyzer is the fencecheck_model pass.
var Analyzer = &analysis.Analyzer{
	Name:       "fencecheck_model",
	Doc:        analysisutil.MustExtractDoc(doc, "fencecheck_model"),
	URL:        "https://github.com/fencecheck/fencecheck/blob/main/docs/design.md",
	Run:        run,
	Requires:   []*analysis.Analyzer{directives.Analyzer, generatedfile.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(FuncFact), new(FieldFact), new(TypeFact), new(LeasedCallsFact), new(HiddenImplsFact), new(SilentFact), new(SyncFact)},
}

// Guard says how a write is protected against a worker that lost its
// lease (defined with the store readers, which decide it).
type Guard = store.Guard

// The guards, as store defines them.
const (
	NoGuard     = store.NoGuard
	StateGuard  = store.StateGuard
	TokenGuard  = store.TokenGuard
	TxGuard     = store.TxGuard
	HelperGuard = store.HelperGuard
)

// Lease is where a lease scope begins.
type Lease struct {
	// Pos is the acquisition call or the handler's name.
	Pos token.Pos
	// Desc is a short description for a Related position, such as
	// "lease taken here by (*sql.DB).QueryRowContext".
	Desc string
	// Steps are the calls that carried the lease from the acquisition to
	// the function the write sits in, in order (at most maxSteps).
	Steps []Related
}

// Write is a sink write made in a lease scope.
type Write struct {
	// Pos and End delimit the call that writes (or the call of the helper
	// that writes).
	Pos, End token.Pos
	// Callee names the writing API, such as "(*sql.DB).ExecContext".
	Callee string
	// Via is the helper path when the write sits in a function of another
	// package: the called function first, the writing API last.
	Via []string
	// Target names what is written, such as "jobs"; it may be empty.
	Target string
	// Verb says what the write does: "updates", "deletes", "upserts",
	// "merges into" or "writes".
	Verb string
	// Guard is how the write is protected.
	Guard Guard
	// GuardColumn is the column of a StateGuard or TokenGuard predicate.
	GuardColumn string
	// Call reports that the write is a call of a function marked as a
	// sink, rather than a known API.
	Call bool
	// Note is an extra clause for the message, such as why an API cannot
	// be fenced; usually empty.
	Note string
	// Lease is where the enclosing lease scope began.
	Lease Lease
	// Verdict is the rule the write breaks, or Fenced.
	Verdict Verdict
	// Reason explains a WeakGuard or UncheckedFence verdict.
	Reason string
	// Related explains the finding: the lease first, then where the
	// token or the check came from.
	Related []Related
	// Func is the function the write sits in.
	Func *ssa.Function
}

// Result is what the model found in one package.
type Result struct {
	// Writes lists every sink write made in a lease scope, in source order.
	Writes []*Write
	// Skipped reports that the package could not matter (it imports no
	// modelled library, has no directive, and depends on no package with
	// facts), so no SSA was built for it.
	Skipped bool
	// Inventory is what the model understood of the package's leases;
	// nil unless asked for (EnableInventory).
	Inventory *Inventory
}

// run analyses one package. A panic inside the analysis becomes an error
// naming the package, never a diagnostic.
func run(pass *analysis.Pass) (res any, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, fmt.Errorf("internal error analysing %s: %v\n%s", pass.Pkg.Path(), r, debug.Stack())
		}
	}()
	dirs := pass.ResultOf[directives.Analyzer].(*directives.Result)
	if !relevant(pass, dirs) {
		exportSyncFacts(pass) // callbacks it runs, from syntax: syncscan.go
		return &Result{Skipped: true}, nil
	}
	m := newModel(pass, buildSSA(pass), dirs)
	m.startInventory() // inventory.go
	m.classifyAll()
	m.bindHandles()
	m.computeScopes()
	m.carrierScopes()
	m.deliveryScopes() // deliveries.go
	m.channelScopes()
	m.cqlOwnerGuards() // needs the package's acquisitions: cql.go
	m.exportFacts()
	m.exportInterfaceFacts()
	m.exportHiddenImpls()
	m.exportLeasedCalls()
	m.exportSilentFacts() // inventory_reasons.go
	out := &Result{Writes: append(m.collectWrites(), m.wiredWrites()...)}
	filtered := out.Writes[:0]
	for _, w := range out.Writes {
		if !generatedfile.IsGenerated(pass, w.Pos) {
			filtered = append(filtered, w)
		}
	}
	out.Writes = m.reportedWrites(filtered)
	// By file name and offset: token.Pos orders files as the loader added
	// them to the file set, which a loader that parses in parallel does in
	// no fixed order.
	sort.SliceStable(out.Writes, func(i, j int) bool { return m.posLess(out.Writes[i].Pos, out.Writes[j].Pos) })
	out.Inventory = m.inventory(out.Writes)
	return out, nil
}

// posLess orders two positions by file name, then offset. token.Pos
// orders files as the loader added them to the file set, which a loader
// that parses in parallel does in no fixed order.
func (m *model) posLess(a, b token.Pos) bool {
	pa, pb := m.pass.Fset.Position(a), m.pass.Fset.Position(b)
	if pa.Filename != pb.Filename {
		return pa.Filename < pb.Filename
	}
	return pa.Offset < pb.Offset
}

// model holds the state of one run.
type model struct {
	pass  *analysis.Pass
	dirs  *directives.Result
	funcs []*ssa.Function // source functions incl. closures, in source order
	local map[*ssa.Function]*funcInfo
	// claimColumns are the columns claims of this package (and of imported
	// acquire facts) set; an equality on one of them is an owner-token check.
	claimColumns map[string]bool
	// sqlIfaces caches, per interface method of the program, the SQL
	// execution entry it stands for, or nil (sqliface.go).
	sqlIfaces map[*types.Func]*catalogue.Entry
	// sqlHandles caches, per package, the catalogued SQL handle types it
	// can see (sqliface.go).
	sqlHandles map[*types.Package][]types.Type
	// watchGuarded are functions run inside an optimistic transaction
	// (redis Watch): their writes are checked by the server.
	watchGuarded map[*ssa.Function]bool
	// acquirers are the functions of the package that return holding a
	// lease they took (set by inferLocalAcquirers).
	acquirers map[*ssa.Function]bool
	// sqlWrappers are the functions of the package that run the SQL text
	// of one of their parameters.
	sqlWrappers map[*ssa.Function]sqlWrapper
	// scriptWrappers are the functions of the package that run the Redis
	// script one of their parameters holds, with that parameter's index
	// among their Params (receiver included; scriptwrap.go).
	scriptWrappers map[*ssa.Function]int
	// redisWrappers memoises, per function of the package, the go-redis
	// command it wraps, nil when it wraps none; ifaceWrappers the same per
	// interface method, from its implementations (rediswrap.go).
	redisWrappers map[*ssa.Function]*wrapperForm
	ifaceWrappers map[implKey]*wrapperForm
	// funcValueCalls are the calls of function values, kept until their
	// producers are looked up (releases.go).
	funcValueCalls []*op
	// fieldOrigins memoises the field each struct field is filled from
	// (readers.go).
	fieldOrigins map[*types.Var]*types.Var
	// fieldScripts memoises the Lua script each struct field holds
	// (apis.go).
	fieldScripts map[*types.Var]heldScript
	// embeds are the texts of the files //go:embed directives put in the
	// package's variables (embedded.go), read on first use.
	embeds map[*types.Var]string
	// phiTexts memoises the text each phi resolves to, per depth
	// (sqlvalue.go).
	phiTexts map[phiDepth]string
	// redis reads the package's Redis calls, built on first use
	// (readers.go).
	redis *redis.Reader
	// regs are the registrations of handlers in the package, found lazily.
	regs *[]*registration
	// registered are the functions of the package registered as handlers,
	// with their lease, found lazily.
	registered map[*ssa.Function]Lease
	// syncParams are the parameters each function of the package calls
	// synchronously, computed lazily (see syncParamsOf).
	syncParams map[*ssa.Function][]int
	// returned are the SQL texts functions of the package return, found
	// lazily (see returnedText); "" while one is being resolved.
	returned map[*ssa.Function]string
	// callers are the static calls of the package's functions, indexed
	// lazily (leasectx.go).
	callers map[*ssa.Function][]ssa.CallInstruction
	// writeProbes are the probes the writes of the functions' fact paths
	// depend on (probefuncs.go).
	writeProbes map[*funcInfo]probeSite
	// conds are the branch conditions that decide each block's
	// instructions, computed lazily (controllingConds).
	conds map[*ssa.BasicBlock][]ssa.Value
	// reach is the reachability of each function's blocks, computed
	// lazily (controldeps.go).
	reach map[*ssa.Function][]blockSet
	// assumedCtx is the context parameter taken for a lease context while
	// ctxProbeParams asks what a function's result depends on.
	assumedCtx ssa.Value
	// ctxLabels memoises the lease-context label per assumed context
	// (leasectx.go).
	ctxLabels map[ssa.Value]*valueflow.Label
	// ctxProbes memoises ctxProbeParams.
	ctxProbes map[*ssa.Function][]int
	// probeFuncs memoises which functions return a probe's result
	// (probefuncs.go).
	probeFuncs map[*ssa.Function]probeState
	// leaderFields are the functions stored in each field of client-go's
	// LeaderCallbacks, found lazily.
	leaderFields map[string]map[*ssa.Function]bool
	// opIndex maps call instructions to their ops, built lazily.
	opIndex map[ssa.CallInstruction]*op
	// calls maps the Lparen of each call expression to it, built lazily.
	calls map[token.Pos]*ast.CallExpr
	// handles is where lock-holding handles travel (handles.go).
	handles *handleState
	// carrierMethods are the methods of types whose values stand for a
	// lease (carriers.go).
	carrierMethods map[*funcInfo]bool
	// writeSites are where the writes of the functions' fact paths are
	// made (paths.go).
	writeSites map[*funcInfo]string
	// files indexes the file set by file name, built lazily (paths.go).
	files map[string]*token.File
	// iface caches interface resolution (iface.go), built lazily.
	iface *ifaceState
	// valueGraph is the package's value-flow graph, built lazily (flowgraph.go).
	valueGraph *valueflow.Graph
	// inv records the inventory when it is asked for (inventory.go).
	inv *invState
}

// newModel prepares the per-package state.
func newModel(pass *analysis.Pass, funcs []*ssa.Function, dirs *directives.Result) *model {
	m := &model{
		pass:         pass,
		dirs:         dirs,
		local:        make(map[*ssa.Function]*funcInfo),
		claimColumns: make(map[string]bool),
		watchGuarded: make(map[*ssa.Function]bool),
	}
	for _, fn := range funcs {
		m.funcs = append(m.funcs, fn)
		m.local[fn] = &funcInfo{fn: fn}
	}
	return m
}
