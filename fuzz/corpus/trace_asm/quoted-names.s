	.file	"edge.c"
	.text
	.p2align 4
	.globl	"with space"
	.type	"with space", @function
"with space":
.LFB_with_space:
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
	.size	"with space", .-"with space"
	.p2align 4
	.globl	plain
	.type	plain, @function
plain:
.LFB_plain:
	.cfi_startproc
	pushq	%rbx
	.cfi_def_cfa_offset 16
	movq	8(%rsp), %rdi
	call	__tsan_func_entry@PLT
	leaq	shared(%rip), %rdi
	call	__tsan_write8@PLT
	movq	$1, shared(%rip)
.L3:
	leaq	shared(%rip), %rdi
	call	__tsan_read8@PLT
	movq	shared(%rip), %rax
	addq	$1, %rax
	cmpq	$100, %rax
	jne	.L3
	.section	.rodata
	.ascii	".L3: and plain"
	.text
	call	__tsan_func_exit@PLT
	popq	%rbx
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size	plain, .-plain
	.local	shared
	.comm	shared,8,8
	.section	.note.GNU-stack,"",@progbits
