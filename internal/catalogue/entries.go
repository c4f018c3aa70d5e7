package catalogue

// entry returns an entry with no SQL text or arguments.
func entry(lib, name string, class Class) Entry {
	return Entry{Name: name, Class: class, Library: lib, Text: -1, Args: -1, Arg: -1}
}

// withArg returns e inspecting argument arg (receiver excluded).
func (e Entry) withArg(arg int) Entry { e.Arg = arg; return e }

// withFields returns e looking for fields (or calls).
func (e Entry) withFields(fields ...string) Entry { e.Fields = fields; return e }

// withReason returns e with the reason a weak token does not fence.
func (e Entry) withReason(r string) Entry { e.Reason = r; return e }

// withVerb returns e with the verb its writes use in messages.
func (e Entry) withVerb(v string) Entry { e.Verb = v; return e }

// methods returns one entry per method name of a receiver prefix ("(*pkg.T).").
func methods(lib, recv string, class Class, names ...string) []Entry {
	out := make([]Entry, 0, len(names))
	for _, n := range names {
		out = append(out, entry(lib, recv+n, class))
	}
	return out
}
