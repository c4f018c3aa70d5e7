// Package rueidiscompat synthesizes the part of github.com/redis/rueidis/rueidiscompat that fencecheck's tests need, with the real signatures.
//
// The command methods are declared on the CoreCmdable interface, which
// Cmdable and Tx embed, so calls through an adapter resolve to
// (CoreCmdable).Set, (CoreCmdable).SetNX and so on. The result types embed
// the generic baseCmd[T], whose Val, Err and Result they promote.
package rueidiscompat

import (
	"context"
	"time"

	"github.com/redis/rueidis"
)

type Compat struct {
	client rueidis.Client
}

type AdapterOption func(c *Compat)

func NewAdapter(client rueidis.Client, options ...AdapterOption) Cmdable { return nil }

type CoreCmdable interface {
	Del(ctx context.Context, keys ...string) *IntCmd
	Expire(ctx context.Context, key string, expiration time.Duration) *BoolCmd
	PExpire(ctx context.Context, key string, expiration time.Duration) *BoolCmd
	Get(ctx context.Context, key string) *StringCmd
	Incr(ctx context.Context, key string) *IntCmd
	Set(ctx context.Context, key string, value any, expiration time.Duration) *StatusCmd
	SetNX(ctx context.Context, key string, value any, expiration time.Duration) *BoolCmd
	HSet(ctx context.Context, key string, values ...any) *IntCmd
	HSetNX(ctx context.Context, key, field string, value any) *BoolCmd
	Eval(ctx context.Context, script string, keys []string, args ...any) *Cmd
	EvalSha(ctx context.Context, sha1 string, keys []string, args ...any) *Cmd
	EvalRO(ctx context.Context, script string, keys []string, args ...any) *Cmd
	EvalShaRO(ctx context.Context, sha1 string, keys []string, args ...any) *Cmd
	ScriptExists(ctx context.Context, hashes ...string) *BoolSliceCmd
	ScriptLoad(ctx context.Context, script string) *StringCmd
}

type Cmdable interface {
	CoreCmdable
	Watch(ctx context.Context, fn func(Tx) error, keys ...string) error
	Client() rueidis.Client
}

type Tx interface {
	CoreCmdable
	Watch(ctx context.Context, keys ...string) *StatusCmd
	Unwatch(ctx context.Context, keys ...string) *StatusCmd
	Close(ctx context.Context) error
}

type baseCmd[T any] struct {
	val T
	err error
}

func (cmd *baseCmd[T]) Val() T { return cmd.val }

func (cmd *baseCmd[T]) Err() error { return cmd.err }

func (cmd *baseCmd[T]) Result() (T, error) { return cmd.val, cmd.err }

type Cmd struct {
	baseCmd[any]
}

type StringCmd struct {
	baseCmd[string]
}

type StatusCmd = StringCmd

type BoolCmd struct {
	baseCmd[bool]
}

type IntCmd struct {
	baseCmd[int64]
}

type Scripter interface {
	Eval(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd
	EvalSha(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd
	EvalRO(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd
	EvalShaRO(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd
	ScriptExists(ctx context.Context, hashes ...string) *BoolSliceCmd
	ScriptLoad(ctx context.Context, script string) *StringCmd
}

type BoolSliceCmd struct {
	baseCmd[[]bool]
}

type Script struct {
	src, hash string
}

func NewScript(src string) *Script { return &Script{src: src} }

func (s *Script) Run(ctx context.Context, c Scripter, keys []string, args ...interface{}) *Cmd {
	return nil
}
