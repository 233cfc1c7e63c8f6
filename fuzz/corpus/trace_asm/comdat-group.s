	.file	"edge.c"
	.text
	.section	.text._Z3getv,"axG",@progbits,_Z3getv,comdat
	.p2align 4
	.globl	_Z3getv
	.type	_Z3getv, @function
_Z3getv:
.LFB__Z3getv:
	.cfi_startproc
	pushq	%rbx
	.cfi_def_cfa_offset 16
	movq	8(%rsp), %rdi
	call	__tsan_func_entry@PLT
.L2:
	leaq	shared(%rip), %rdi
	call	__tsan_read8@PLT
	movq	shared(%rip), %rax
	addq	$1, %rax
	cmpq	$100, %rax
	jne	.L2
	call	__tsan_func_exit@PLT
	popq	%rbx
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size	_Z3getv, .-_Z3getv
	.section	".text.a,b","axG",@progbits,_Z3setv,comdat
	.p2align 4
	.globl	_Z3setv
	.type	_Z3setv, @function
_Z3setv:
.LFB__Z3setv:
	.cfi_startproc
	pushq	%rbx
	.cfi_def_cfa_offset 16
	movq	8(%rsp), %rdi
	call	__tsan_func_entry@PLT
	leaq	shared(%rip), %rdi
	call	__tsan_write8@PLT
	movq	$1, shared(%rip)
	call	__tsan_func_exit@PLT
	popq	%rbx
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size	_Z3setv, .-_Z3setv
	.section	.text._Z3nogv,"axG",@progbits,,comdat
	.p2align 4
	.globl	_Z3nogv
	.type	_Z3nogv, @function
_Z3nogv:
.LFB__Z3nogv:
	.cfi_startproc
	pushq	%rbx
	.cfi_def_cfa_offset 16
	movq	8(%rsp), %rdi
	call	__tsan_func_entry@PLT
	leaq	shared(%rip), %rdi
	call	__tsan_write8@PLT
	movq	$1, shared(%rip)
	call	__tsan_func_exit@PLT
	popq	%rbx
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size	_Z3nogv, .-_Z3nogv
	.local	shared
	.comm	shared,8,8
	.section	.note.GNU-stack,"",@progbits
