package model

import (
	"go/token"
	"go/types"
	"slices"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// Handlers reached by registration.
//
// A job framework runs what it is given under the job's lease: Temporal
// every exported method of a struct passed to RegisterActivity (or the
// function or method value passed), asynq the function given to
// ServeMux.HandleFunc and the ProcessTask method of the value given to
// Handle, River the Work method of the value given to AddWorker and the
// function given to WorkFunc. The catalogue lists these APIs (class
// Registers). What a registration hands over is resolved from the
// argument: a function literal, a function, a method value, or a value of
// a named type whose methods are looked up in its method set.
//
// A registered function of this package is a handler: its body is a lease
// scope. A registered function of another package was analysed before this
// one (under go vet a package is analysed before those that import it), so
// it cannot learn it is a handler; its FuncFact says which unguarded write
// it reaches, and that write is reported here, at the registration, as a
// write made under the job's lease ("call to (*acts.Activities).Capture
// writes jobs via (*sql.DB).ExecContext"). A handler that was already a
// handler in its own package (it has the handler shape, or it uses the
// Temporal activity package) exports no such write, so nothing is reported
// twice.

// registration is one call that hands functions to a job framework.
type registration struct {
	call  ssa.CallInstruction
	entry *catalogue.Entry
	// funcs are the declared functions and methods registered, sorted by
	// full name.
	funcs []*types.Func
	// literals are the function literals registered.
	literals []*ssa.Function
}

// registeringLibraries are the packages of the catalogue's Registers
// entries, to skip other calls without looking them up.
var registeringLibraries = func() map[string]bool {
	m := make(map[string]bool)
	for _, e := range catalogue.Entries() {
		if e.Class == catalogue.Registers {
			m[e.Library] = true
		}
	}
	return m
}()

// registrations returns the registrations of the package, found lazily.
func (m *model) registrations() []*registration {
	if m.regs != nil {
		return *m.regs
	}
	var out []*registration
	for _, fn := range m.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok || m.inTestCode(call) {
					continue // a handler a test registers is not a production scope
				}
				if r := m.registrationAt(call); r != nil {
					out = append(out, r)
				}
			}
		}
	}
	m.regs = &out
	return out
}

// registrationAt returns what call registers, or nil when it registers
// nothing fencecheck can resolve.
func (m *model) registrationAt(call ssa.CallInstruction) *registration {
	c := call.Common()
	var callee *types.Func
	if c.IsInvoke() {
		callee = c.Method
	} else {
		callee = store.FuncObject(c.StaticCallee())
	}
	if callee == nil || callee.Pkg() == nil || !registeringLibraries[callee.Pkg().Path()] {
		return nil
	}
	e := catalogue.Lookup(callee)
	if e == nil || e.Class != catalogue.Registers || noAckReceiver(call) {
		return nil
	}
	args := store.CallArgs(call)
	if c.IsInvoke() || callee.Signature().Recv() != nil {
		args = args[1:]
	}
	if e.Arg < 0 || e.Arg >= len(args) {
		return nil
	}
	r := &registration{call: call, entry: e}
	m.resolveRegistered(r, args[e.Arg])
	if len(r.funcs) == 0 && len(r.literals) == 0 {
		return nil
	}
	sort.Slice(r.funcs, func(i, j int) bool { return r.funcs[i].FullName() < r.funcs[j].FullName() })
	return r
}

// resolveRegistered fills r with what the registered value v stands for:
// a function literal, a declared function, a method value (its method), or
// a value whose methods named by the entry are looked up in the method set
// of its static type. An interface value resolves to nothing.
func (m *model) resolveRegistered(r *registration, v ssa.Value) {
	v = store.StripConv(v)
	var fn *ssa.Function
	switch x := v.(type) {
	case *ssa.Function:
		fn = x
	case *ssa.MakeClosure:
		fn, _ = x.Fn.(*ssa.Function)
	}
	if fn != nil {
		if obj := store.FuncObject(fn); obj != nil {
			r.funcs = append(r.funcs, obj) // a function, or a method value's bound wrapper
		} else if fn.Synthetic == "" {
			r.literals = append(r.literals, fn)
		}
		return
	}
	if _, isSig := v.Type().Underlying().(*types.Signature); isSig || types.IsInterface(v.Type()) {
		return // a function or interface value from elsewhere: not resolved
	}
	if len(r.entry.Fields) == 0 {
		return
	}
	all := len(r.entry.Fields) == 1 && r.entry.Fields[0] == "*"
	ms := types.NewMethodSet(v.Type())
	for i := 0; i < ms.Len(); i++ {
		f, ok := ms.At(i).Obj().(*types.Func)
		if !ok {
			continue
		}
		if all && f.Exported() || !all && slices.Contains(r.entry.Fields, f.Name()) {
			r.funcs = append(r.funcs, f.Origin())
		}
	}
}

// registeredHandlers returns the functions of this package that a
// registration of the package hands to a job framework, with the lease
// their bodies run under.
func (m *model) registeredHandlers() map[*ssa.Function]Lease {
	if m.registered != nil {
		return m.registered
	}
	m.registered = make(map[*ssa.Function]Lease)
	byObj := make(map[*types.Func]*ssa.Function)
	for _, fn := range m.funcs {
		if obj := store.FuncObject(fn); obj != nil && fn.Parent() == nil && fn.Synthetic == "" {
			byObj[obj] = fn
		}
	}
	for _, r := range m.registrations() {
		var fns []*ssa.Function
		for _, f := range r.funcs {
			if fn := byObj[f]; fn != nil {
				fns = append(fns, fn)
			}
		}
		fns = append(fns, r.literals...)
		for _, fn := range fns {
			if _, done := m.registered[fn]; !done {
				m.registered[fn] = frameworkLease(r.entry.Library, fn.Pos(), fn.Name(), "")
			}
		}
	}
	return m.registered
}

// frameworkLease describes the lease a handler of the library lib runs
// under; where qualifies the handler's name (" registered here").
func frameworkLease(lib string, pos token.Pos, name, where string) Lease {
	kind, noun := "handler", "a lease"
	switch lib {
	case "github.com/riverqueue/river":
		kind, noun = "River job handler", "the job's lease"
	case "github.com/hibiken/asynq":
		kind, noun = "asynq handler", "the task's lease"
	case "go.temporal.io/sdk/worker":
		kind, noun = "Temporal activity", "the activity's lease"
	case "github.com/nats-io/nats.go/jetstream":
		kind, noun = "JetStream message handler", "the message's lease (its ack wait)"
	case "cloud.google.com/go/pubsub/v2", "cloud.google.com/go/pubsub":
		kind, noun = "Pub/Sub message handler", "the message's lease (its ack deadline)"
	case "github.com/apache/rocketmq-client-go/v2":
		kind, noun = "RocketMQ message handler", "the messages' lease (their queue's assignment and consume timeout)"
	case "github.com/IBM/sarama":
		kind, noun = "Kafka consumer-group handler", "the group generation's claim on the partition"
	}
	return Lease{Pos: pos, Desc: kind + " " + name + where + " runs under " + noun}
}

// registeredWrite is an unguarded write a handler of another package
// reaches, reported at the registration that hands the handler over.
type registeredWrite struct {
	// lease describes the handler's lease, at the registration.
	lease Lease
	// via is the path: the handler, the functions it goes through, then
	// the writing API and its target.
	via []string
}

// classifyRegistration fills o, a call of a Registers API, with the writes
// that the registered functions of other packages reach according to their
// facts. It returns nil when there are none.
func (m *model) classifyRegistration(o *op) *op {
	r := m.registrationAt(o.instr)
	if r == nil {
		return nil
	}
	for _, f := range r.funcs {
		fact, ok := m.importedFact(f)
		if !ok || len(fact.Writes) == 0 || fact.Idempotent {
			continue
		}
		name := displayName(f, nil)
		l := frameworkLease(r.entry.Library, o.instr.Pos(), name, " registered here")
		l.Steps = append(l.Steps, Related{Pos: f.Pos(), Message: "the registered handler " + name})
		if step, ok := m.writeStep(fact.Writes, fact.WriteAt, f.Pos()); ok {
			l.Steps = append(l.Steps, step)
		}
		o.registered = append(o.registered, registeredWrite{lease: l, via: append([]string{name}, fact.Writes...)})
	}
	if len(o.registered) == 0 {
		return nil
	}
	return o
}

// registeredWriteAt returns the write a handler registered by o reaches,
// placed at the registration and judged there.
func (m *model) registeredWriteAt(o *op, rw registeredWrite) *Write {
	pos, end := m.callRange(o.instr)
	w := &Write{
		Pos: pos, End: end, Callee: rw.via[0], Via: rw.via, Target: lastTarget(rw.via),
		Verb: "writes", Guard: NoGuard, Lease: rw.lease, Func: o.instr.Parent(),
	}
	m.judge(w, o)
	return w
}
