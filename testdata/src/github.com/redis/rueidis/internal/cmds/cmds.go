// Package cmds synthesizes the part of github.com/redis/rueidis/internal/cmds that fencecheck's tests need, with the real signatures.
//
// A command is built by a chain of value methods that starts at a method
// of Builder (Set, Del, Hset) and ends at Build, which returns a
// Completed; each type of the chain is a defined type over Incomplete.
package cmds

import "time"

type Builder struct{ ks uint16 }

type Incomplete struct {
	cs *CommandSlice
	cf int16
	ks uint16
}

type CommandSlice struct{ s []string }

type Completed struct {
	cs *CommandSlice
	cf uint16
	ks uint16
}

func (c Completed) Pin() Completed { return c }

func (c *Completed) Commands() []string { return nil }

func (b Builder) Del() (c Del) { return }

func (b Builder) Eval() (c Eval) { return }

func (b Builder) Exec() (c Exec) { return }

func (b Builder) Expire() (c Expire) { return }

func (b Builder) Get() (c Get) { return }

func (b Builder) Hset() (c Hset) { return }

func (b Builder) Incr() (c Incr) { return }

func (b Builder) Multi() (c Multi) { return }

func (b Builder) Pexpire() (c Pexpire) { return }

func (b Builder) Set() (c Set) { return }

func (b Builder) Setnx() (c Setnx) { return }

func (b Builder) Unlink() (c Unlink) { return }

func (b Builder) Watch() (c Watch) { return }

type Set Incomplete

func (c Set) Key(key string) SetKey { return SetKey(c) }

type SetKey Incomplete

func (c SetKey) Value(value string) SetValue { return SetValue(c) }

type SetValue Incomplete

func (c SetValue) Nx() SetConditionNx { return SetConditionNx(c) }

func (c SetValue) Xx() SetConditionXx { return SetConditionXx(c) }

func (c SetValue) Get() SetGet { return SetGet(c) }

func (c SetValue) ExSeconds(seconds int64) SetExpirationExSeconds { return SetExpirationExSeconds(c) }

func (c SetValue) PxMilliseconds(milliseconds int64) SetExpirationPxMilliseconds {
	return SetExpirationPxMilliseconds(c)
}

func (c SetValue) Keepttl() SetExpirationKeepttl { return SetExpirationKeepttl(c) }

func (c SetValue) Ex(duration time.Duration) SetExpirationExSecTyped {
	return SetExpirationExSecTyped(c)
}

func (c SetValue) Px(duration time.Duration) SetExpirationPxMsTyped { return SetExpirationPxMsTyped(c) }

func (c SetValue) Build() Completed { return Completed{} }

type SetConditionNx Incomplete

func (c SetConditionNx) Get() SetGet { return SetGet(c) }

func (c SetConditionNx) ExSeconds(seconds int64) SetExpirationExSeconds {
	return SetExpirationExSeconds(c)
}

func (c SetConditionNx) PxMilliseconds(milliseconds int64) SetExpirationPxMilliseconds {
	return SetExpirationPxMilliseconds(c)
}

func (c SetConditionNx) Keepttl() SetExpirationKeepttl { return SetExpirationKeepttl(c) }

func (c SetConditionNx) Ex(duration time.Duration) SetExpirationExSecTyped {
	return SetExpirationExSecTyped(c)
}

func (c SetConditionNx) Px(duration time.Duration) SetExpirationPxMsTyped {
	return SetExpirationPxMsTyped(c)
}

func (c SetConditionNx) Build() Completed { return Completed{} }

type SetConditionXx Incomplete

func (c SetConditionXx) Get() SetGet { return SetGet(c) }

func (c SetConditionXx) ExSeconds(seconds int64) SetExpirationExSeconds {
	return SetExpirationExSeconds(c)
}

func (c SetConditionXx) PxMilliseconds(milliseconds int64) SetExpirationPxMilliseconds {
	return SetExpirationPxMilliseconds(c)
}

func (c SetConditionXx) Keepttl() SetExpirationKeepttl { return SetExpirationKeepttl(c) }

func (c SetConditionXx) Ex(duration time.Duration) SetExpirationExSecTyped {
	return SetExpirationExSecTyped(c)
}

func (c SetConditionXx) Px(duration time.Duration) SetExpirationPxMsTyped {
	return SetExpirationPxMsTyped(c)
}

func (c SetConditionXx) Build() Completed { return Completed{} }

type SetGet Incomplete

func (c SetGet) ExSeconds(seconds int64) SetExpirationExSeconds { return SetExpirationExSeconds(c) }

func (c SetGet) PxMilliseconds(milliseconds int64) SetExpirationPxMilliseconds {
	return SetExpirationPxMilliseconds(c)
}

func (c SetGet) Keepttl() SetExpirationKeepttl { return SetExpirationKeepttl(c) }

func (c SetGet) Ex(duration time.Duration) SetExpirationExSecTyped { return SetExpirationExSecTyped(c) }

func (c SetGet) Px(duration time.Duration) SetExpirationPxMsTyped { return SetExpirationPxMsTyped(c) }

func (c SetGet) Build() Completed { return Completed{} }

type SetExpirationExSeconds Incomplete

func (c SetExpirationExSeconds) Build() Completed { return Completed{} }

type SetExpirationPxMilliseconds Incomplete

func (c SetExpirationPxMilliseconds) Build() Completed { return Completed{} }

type SetExpirationKeepttl Incomplete

func (c SetExpirationKeepttl) Build() Completed { return Completed{} }

type SetExpirationExSecTyped Incomplete

func (c SetExpirationExSecTyped) Build() Completed { return Completed{} }

type SetExpirationPxMsTyped Incomplete

func (c SetExpirationPxMsTyped) Build() Completed { return Completed{} }

type Setnx Incomplete

func (c Setnx) Key(key string) SetnxKey { return SetnxKey(c) }

type SetnxKey Incomplete

func (c SetnxKey) Value(value string) SetnxValue { return SetnxValue(c) }

type SetnxValue Incomplete

func (c SetnxValue) Build() Completed { return Completed{} }

type Get Incomplete

func (c Get) Key(key string) GetKey { return GetKey(c) }

type GetKey Incomplete

func (c GetKey) Build() Completed { return Completed{} }

type Incr Incomplete

func (c Incr) Key(key string) IncrKey { return IncrKey(c) }

type IncrKey Incomplete

func (c IncrKey) Build() Completed { return Completed{} }

type Del Incomplete

func (c Del) Key(key ...string) DelKey { return DelKey(c) }

type DelKey Incomplete

func (c DelKey) Key(key ...string) DelKey { return DelKey(c) }

func (c DelKey) Build() Completed { return Completed{} }

type Unlink Incomplete

func (c Unlink) Key(key ...string) UnlinkKey { return UnlinkKey(c) }

type UnlinkKey Incomplete

func (c UnlinkKey) Key(key ...string) UnlinkKey { return UnlinkKey(c) }

func (c UnlinkKey) Build() Completed { return Completed{} }

type Expire Incomplete

func (c Expire) Key(key string) ExpireKey { return ExpireKey(c) }

type ExpireKey Incomplete

func (c ExpireKey) Seconds(seconds int64) ExpireSeconds { return ExpireSeconds(c) }

type ExpireSeconds Incomplete

func (c ExpireSeconds) Build() Completed { return Completed{} }

type Pexpire Incomplete

func (c Pexpire) Key(key string) PexpireKey { return PexpireKey(c) }

type PexpireKey Incomplete

func (c PexpireKey) Milliseconds(milliseconds int64) PexpireMilliseconds {
	return PexpireMilliseconds(c)
}

type PexpireMilliseconds Incomplete

func (c PexpireMilliseconds) Build() Completed { return Completed{} }

type Hset Incomplete

func (c Hset) Key(key string) HsetKey { return HsetKey(c) }

type HsetKey Incomplete

func (c HsetKey) FieldValue() HsetFieldValue { return HsetFieldValue(c) }

type HsetFieldValue Incomplete

func (c HsetFieldValue) FieldValue(field string, value string) HsetFieldValue {
	return HsetFieldValue(c)
}

func (c HsetFieldValue) Build() Completed { return Completed{} }

type Eval Incomplete

func (c Eval) Script(script string) EvalScript { return EvalScript(c) }

type EvalScript Incomplete

func (c EvalScript) Numkeys(numkeys int64) EvalNumkeys { return EvalNumkeys(c) }

type EvalNumkeys Incomplete

func (c EvalNumkeys) Key(key ...string) EvalKey { return EvalKey(c) }

func (c EvalNumkeys) Arg(arg ...string) EvalArg { return EvalArg(c) }

func (c EvalNumkeys) Build() Completed { return Completed{} }

type EvalKey Incomplete

func (c EvalKey) Key(key ...string) EvalKey { return EvalKey(c) }

func (c EvalKey) Arg(arg ...string) EvalArg { return EvalArg(c) }

func (c EvalKey) Build() Completed { return Completed{} }

type EvalArg Incomplete

func (c EvalArg) Arg(arg ...string) EvalArg { return EvalArg(c) }

func (c EvalArg) Build() Completed { return Completed{} }

type Watch Incomplete

func (c Watch) Key(key ...string) WatchKey { return WatchKey(c) }

type WatchKey Incomplete

func (c WatchKey) Key(key ...string) WatchKey { return WatchKey(c) }

func (c WatchKey) Build() Completed { return Completed{} }

type Multi Incomplete

func (c Multi) Build() Completed { return Completed{} }

type Exec Incomplete

func (c Exec) Build() Completed { return Completed{} }
