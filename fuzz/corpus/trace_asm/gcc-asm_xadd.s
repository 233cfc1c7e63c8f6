	.file	"asm_xadd.c"
	.text
	.p2align 4
	.type	produce, @function
produce:
.LFB32:
	.cfi_startproc
	pushq	%r13
	.cfi_def_cfa_offset 16
	.cfi_offset 13, -16
	pushq	%r12
	.cfi_def_cfa_offset 24
	.cfi_offset 12, -24
	leaq	fx_ready(%rip), %r12
	pushq	%rbp
	.cfi_def_cfa_offset 32
	.cfi_offset 6, -32
	leaq	fx_n(%rip), %rbp
	pushq	%rbx
	.cfi_def_cfa_offset 40
	.cfi_offset 3, -40
	subq	$8, %rsp
	.cfi_def_cfa_offset 48
	movq	40(%rsp), %rdi
	call	__tsan_func_entry@PLT
	movl	$5, %edx
	movl	$1, %esi
	movq	%r12, %rdi
	call	__tsan_atomic32_fetch_add@PLT
	.p2align 4,,10
	.p2align 3
.L2:
	movl	$5, %esi
	movq	%r12, %rdi
	call	__tsan_atomic32_load@PLT
	movq	%rbp, %rdi
	movl	%eax, %ebx
	call	__tsan_read4@PLT
	cmpl	fx_n(%rip), %ebx
	jl	.L2
	movq	%fs:0, %rax
	leaq	fx_done(%rip), %r13
	leaq	fx_rounds@tpoff(%rax), %r12
	jmp	.L3
	.p2align 4,,10
	.p2align 3
.L4:
	xorl	%esi, %esi
	movq	%r13, %rdi
	call	__tsan_atomic32_load@PLT
	movq	%rbp, %rdi
	movl	%eax, %ebx
	call	__tsan_read4@PLT
	cmpl	fx_n(%rip), %ebx
	jge	.L9
	movl	$1, %eax
#APP
# 26 "tests/trace/fixtures/asm_xadd.c" 1
	lock; xaddl %eax, stats(%rip)
# 0 "" 2
#NO_APP
.L3:
	movq	%r12, %rdi
	call	__tsan_read8@PLT
	movq	%r12, %rdi
	movq	%fs:fx_rounds@tpoff, %rax
	leaq	1(%rax), %rbx
	call	__tsan_write8@PLT
	movq	%rbx, %fs:fx_rounds@tpoff
	cmpq	$20000, %rbx
	jne	.L4
	movl	$5, %edx
	movl	$1, %esi
	movq	%r13, %rdi
	call	__tsan_atomic32_fetch_add@PLT
	jmp	.L4
	.p2align 4,,10
	.p2align 3
.L9:
	call	__tsan_func_exit@PLT
	addq	$8, %rsp
	.cfi_def_cfa_offset 40
	xorl	%eax, %eax
	popq	%rbx
	.cfi_def_cfa_offset 32
	popq	%rbp
	.cfi_def_cfa_offset 24
	popq	%r12
	.cfi_def_cfa_offset 16
	popq	%r13
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
.LFE32:
	.size	produce, .-produce
	.p2align 4
	.type	consume, @function
consume:
.LFB33:
	.cfi_startproc
	pushq	%r15
	.cfi_def_cfa_offset 16
	.cfi_offset 15, -16
	pushq	%r14
	.cfi_def_cfa_offset 24
	.cfi_offset 14, -24
	pushq	%r13
	.cfi_def_cfa_offset 32
	.cfi_offset 13, -32
	leaq	fx_ready(%rip), %r13
	pushq	%r12
	.cfi_def_cfa_offset 40
	.cfi_offset 12, -40
	pushq	%rbp
	.cfi_def_cfa_offset 48
	.cfi_offset 6, -48
	leaq	fx_n(%rip), %rbp
	pushq	%rbx
	.cfi_def_cfa_offset 56
	.cfi_offset 3, -56
	subq	$8, %rsp
	.cfi_def_cfa_offset 64
	movq	56(%rsp), %rdi
	call	__tsan_func_entry@PLT
	movl	$5, %edx
	movl	$1, %esi
	movq	%r13, %rdi
	call	__tsan_atomic32_fetch_add@PLT
	.p2align 4,,10
	.p2align 3
.L11:
	movl	$5, %esi
	movq	%r13, %rdi
	call	__tsan_atomic32_load@PLT
	movq	%rbp, %rdi
	movl	%eax, %r12d
	call	__tsan_read4@PLT
	movl	fx_n(%rip), %ebx
	cmpl	%ebx, %r12d
	jl	.L11
	xorl	%r12d, %r12d
	leaq	fx_done(%rip), %r13
	jmp	.L12
	.p2align 4,,10
	.p2align 3
.L13:
	xorl	%esi, %esi
	movq	%r13, %rdi
	call	__tsan_atomic32_load@PLT
	movq	%rbp, %rdi
	movl	%eax, %r15d
	call	__tsan_read4@PLT
	cmpl	%r15d, %ebx
	jle	.L17
	leaq	8+stats(%rip), %rdi
	call	__tsan_read8@PLT
	movq	8+stats(%rip), %rax
	addq	%rax, %r12
.L12:
	movq	%fs:0, %rax
	leaq	fx_rounds@tpoff(%rax), %r14
	movq	%r14, %rdi
	call	__tsan_read8@PLT
	movq	%r14, %rdi
	movq	%fs:fx_rounds@tpoff, %rax
	leaq	1(%rax), %r15
	call	__tsan_write8@PLT
	movq	%r15, %fs:fx_rounds@tpoff
	cmpq	$20000, %r15
	jne	.L13
	movl	$5, %edx
	movl	$1, %esi
	movq	%r13, %rdi
	call	__tsan_atomic32_fetch_add@PLT
	jmp	.L13
	.p2align 4,,10
	.p2align 3
.L17:
	call	__tsan_func_exit@PLT
	addq	$8, %rsp
	.cfi_def_cfa_offset 56
	movq	%r12, %rax
	popq	%rbx
	.cfi_def_cfa_offset 48
	popq	%rbp
	.cfi_def_cfa_offset 40
	popq	%r12
	.cfi_def_cfa_offset 32
	popq	%r13
	.cfi_def_cfa_offset 24
	popq	%r14
	.cfi_def_cfa_offset 16
	popq	%r15
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
.LFE33:
	.size	consume, .-consume
	.section	.rodata.str1.1,"aMS",@progbits,1
.LC0:
	.string	"pthread_create"
	.section	.text.startup,"ax",@progbits
	.p2align 4
	.globl	main
	.type	main, @function
main:
.LFB34:
	.cfi_startproc
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset 6, -16
	pushq	%rbx
	.cfi_def_cfa_offset 24
	.cfi_offset 3, -24
	subq	$8, %rsp
	.cfi_def_cfa_offset 32
	movq	24(%rsp), %rdi
	call	__tsan_func_entry@PLT
	leaq	stats(%rip), %rdi
	call	__tsan_write4@PLT
	movl	$8, %esi
	movl	$2, %edi
	movl	$0, stats(%rip)
	call	calloc@PLT
	leaq	fx_n(%rip), %rdi
	movq	%rax, %rbx
	call	__tsan_write4@PLT
	xorl	%esi, %esi
	movl	$5, %edx
	leaq	fx_ready(%rip), %rdi
	movl	$2, fx_n(%rip)
	call	__tsan_atomic32_store@PLT
	xorl	%esi, %esi
	movl	$5, %edx
	leaq	fx_done(%rip), %rdi
	call	__tsan_atomic32_store@PLT
	xorl	%ecx, %ecx
	xorl	%esi, %esi
	leaq	produce(%rip), %rdx
	movq	%rbx, %rdi
	call	pthread_create@PLT
	testl	%eax, %eax
	jne	.L19
	leaq	8(%rbx), %rbp
	xorl	%ecx, %ecx
	leaq	consume(%rip), %rdx
	xorl	%esi, %esi
	movq	%rbp, %rdi
	call	pthread_create@PLT
	testl	%eax, %eax
	jne	.L19
	movq	%rbx, %rdi
	call	__tsan_read8@PLT
	movq	(%rbx), %rdi
	xorl	%esi, %esi
	call	pthread_join@PLT
	movq	%rbp, %rdi
	call	__tsan_read8@PLT
	movq	8(%rbx), %rdi
	xorl	%esi, %esi
	call	pthread_join@PLT
	movq	%rbx, %rdi
	call	free@PLT
	call	__tsan_func_exit@PLT
	addq	$8, %rsp
	.cfi_remember_state
	.cfi_def_cfa_offset 24
	xorl	%eax, %eax
	popq	%rbx
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	ret
.L19:
	.cfi_restore_state
	leaq	.LC0(%rip), %rdi
	call	perror@PLT
	movl	$2, %edi
	call	exit@PLT
	.cfi_endproc
.LFE34:
	.size	main, .-main
	.globl	stats
	.data
	.align 16
	.type	stats, @object
	.size	stats, 16
stats:
	.zero	8
	.quad	3
	.section	.tbss,"awT",@nobits
	.align 8
	.type	fx_rounds, @object
	.size	fx_rounds, 8
fx_rounds:
	.zero	8
	.local	fx_n
	.comm	fx_n,4,4
	.local	fx_done
	.comm	fx_done,4,4
	.local	fx_ready
	.comm	fx_ready,4,4
	.section	.text.startup
	.p2align 4
	.type	_sub_I_00099_0, @function
_sub_I_00099_0:
.LFB36:
	.cfi_startproc
	jmp	__tsan_init@PLT
	.cfi_endproc
.LFE36:
	.size	_sub_I_00099_0, .-_sub_I_00099_0
	.section	.init_array.00099,"aw"
	.align 8
	.quad	_sub_I_00099_0
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
