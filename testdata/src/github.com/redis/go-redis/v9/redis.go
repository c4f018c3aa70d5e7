// Package redis synthesizes the part of github.com/redis/go-redis/v9 that fencecheck's tests need, with the real signatures.
//
// The command methods are declared on the unexported func type cmdable and
// promoted into *Client and *Tx, as in the real package; through the
// Pipeliner, UniversalClient and Cmdable interfaces they resolve to the
// method of the interface that declares them (StringCmdable.Set,
// GenericCmdable.Del, ScriptingFunctionsCmdable.Eval, ...).
package redis

import (
	"context"

	"github.com/redis/go-redis/v9/internal/proto"
)

const Nil = proto.Nil

const TxFailedErr = proto.RedisError("redis: transaction failed")

type Options struct {
	Addr     string
	Password string
	DB       int
}

func NewClient(opt *Options) *Client { return nil }

type baseClient struct{}

type Client struct {
	*baseClient
	cmdable
}

func (c *Client) Close() error { return nil }

func (c *Client) Process(ctx context.Context, cmd Cmder) error { return nil }

func (c *Client) Watch(ctx context.Context, fn func(*Tx) error, keys ...string) error { return nil }

func (c *Client) Pipeline() Pipeliner { return nil }

func (c *Client) Pipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error) {
	return nil, nil
}

func (c *Client) TxPipeline() Pipeliner { return nil }

func (c *Client) TxPipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error) {
	return nil, nil
}

type Tx struct {
	baseClient
	cmdable
	statefulCmdable
}

func (c *Tx) Process(ctx context.Context, cmd Cmder) error { return nil }

func (c *Tx) Close(ctx context.Context) error { return nil }

func (c *Tx) Watch(ctx context.Context, keys ...string) *StatusCmd { return nil }

func (c *Tx) Unwatch(ctx context.Context, keys ...string) *StatusCmd { return nil }

func (c *Tx) Pipeline() Pipeliner { return nil }

func (c *Tx) Pipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error) {
	return nil, nil
}

func (c *Tx) TxPipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error) {
	return nil, nil
}

func (c *Tx) TxPipeline() Pipeliner { return nil }

type UniversalClient interface {
	Cmdable
	Watch(ctx context.Context, fn func(*Tx) error, keys ...string) error
	Do(ctx context.Context, args ...interface{}) *Cmd
	Process(ctx context.Context, cmd Cmder) error
	Close() error
}

type Pipeliner interface {
	StatefulCmdable
	Len() int
	Do(ctx context.Context, args ...interface{}) *Cmd
	Process(ctx context.Context, cmd Cmder) error
	Discard()
	Exec(ctx context.Context) ([]Cmder, error)
}

type Scripter interface {
	Eval(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd
	EvalSha(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd
	EvalRO(ctx context.Context, script string, keys []string, args ...interface{}) *Cmd
	EvalShaRO(ctx context.Context, sha1 string, keys []string, args ...interface{}) *Cmd
	ScriptExists(ctx context.Context, hashes ...string) *BoolSliceCmd
	ScriptLoad(ctx context.Context, script string) *StringCmd
}

type Script struct{}

func NewScript(src string) *Script { return nil }

func (s *Script) Hash() string { return "" }

func (s *Script) Eval(ctx context.Context, c Scripter, keys []string, args ...interface{}) *Cmd {
	return nil
}

func (s *Script) EvalSha(ctx context.Context, c Scripter, keys []string, args ...interface{}) *Cmd {
	return nil
}

func (s *Script) Run(ctx context.Context, c Scripter, keys []string, args ...interface{}) *Cmd {
	return nil
}

func (s *Script) RunRO(ctx context.Context, c Scripter, keys []string, args ...interface{}) *Cmd {
	return nil
}
