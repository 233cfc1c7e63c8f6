	.text
	.file	"throws.cc"
	.globl	main                            # -- Begin function main
	.p2align	4, 0x90
	.type	main,@function
main:                                   # @main
.Lfunc_begin0:
	.cfi_startproc
	.cfi_personality 155, DW.ref.__gxx_personality_v0
	.cfi_lsda 27, .Lexception0
# %bb.0:
	pushq	%rbp
	.cfi_def_cfa_offset 16
	pushq	%r14
	.cfi_def_cfa_offset 24
	pushq	%rbx
	.cfi_def_cfa_offset 32
	subq	$16, %rsp
	.cfi_def_cfa_offset 48
	.cfi_offset %rbx, -32
	.cfi_offset %r14, -24
	.cfi_offset %rbp, -16
	movq	%rsi, %rbx
	movl	%edi, %ebp
	movq	40(%rsp), %rdi
	callq	__tsan_func_entry@PLT
	movl	$20000000, %r14d                # imm = 0x1312D00
	cmpl	$2, %ebp
	jl	.LBB0_2
# %bb.1:
	leaq	8(%rbx), %rdi
	callq	__tsan_read8@PLT
	movq	8(%rbx), %rdi
	xorl	%esi, %esi
	movl	$10, %edx
	callq	strtol@PLT
	movq	%rax, %r14
.LBB0_2:
	movq	$0, (%rsp)
.Ltmp0:
	movl	$24, %edi
	callq	_Znwm@PLT
.Ltmp1:
# %bb.3:
	movq	%rax, %rbx
	leaq	_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE+16(%rip), %rbp
	movq	%rax, %rdi
	movq	%rbp, %rsi
	callq	__tsan_vptr_update@PLT
	movq	%rbp, (%rbx)
	leaq	8(%rbx), %rdi
	callq	__tsan_write8@PLT
	movq	%r14, 8(%rbx)
	movq	%rbx, %rdi
	addq	$16, %rdi
	callq	__tsan_write8@PLT
	leaq	_ZL3runl(%rip), %rax
	movq	%rax, 16(%rbx)
	movq	%rbx, 8(%rsp)
.Ltmp3:
	movq	%rsp, %rdi
	leaq	8(%rsp), %rsi
	xorl	%edx, %edx
	callq	_ZNSt6thread15_M_start_threadESt10unique_ptrINS_6_StateESt14default_deleteIS1_EEPFvvE@PLT
.Ltmp4:
# %bb.4:
	movq	8(%rsp), %rbx
	testq	%rbx, %rbx
	je	.LBB0_6
# %bb.5:
	movq	%rbx, %rdi
	callq	__tsan_vptr_read@PLT
	movq	(%rbx), %rax
	movq	%rbx, %rdi
	callq	*8(%rax)
.LBB0_6:
.Ltmp6:
	movq	%rsp, %rdi
	callq	_ZNSt6thread4joinEv@PLT
.Ltmp7:
# %bb.7:
	leaq	_ZL1t.0(%rip), %rdi
	callq	__tsan_read8@PLT
	movq	_ZL1t.0(%rip), %rbx
	leaq	_ZL1t.1(%rip), %rdi
	callq	__tsan_read8@PLT
	movq	_ZL1t.1(%rip), %rdx
	leaq	.L.str(%rip), %rdi
	movq	%rbx, %rsi
	xorl	%eax, %eax
	callq	printf@PLT
	cmpq	$0, (%rsp)
	jne	.LBB0_8
# %bb.11:
	callq	__tsan_func_exit@PLT
	xorl	%eax, %eax
	addq	$16, %rsp
	.cfi_def_cfa_offset 32
	popq	%rbx
	.cfi_def_cfa_offset 24
	popq	%r14
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	retq
.LBB0_12:
	.cfi_def_cfa_offset 48
.Ltmp8:
	cmpq	$0, (%rsp)
	je	.LBB0_14
.LBB0_8:
	callq	_ZSt9terminatev@PLT
.LBB0_9:
.Ltmp5:
	movq	%rax, %r14
	movq	8(%rsp), %rbx
	testq	%rbx, %rbx
	je	.LBB0_15
# %bb.10:
	movq	%rbx, %rdi
	callq	__tsan_vptr_read@PLT
	movq	(%rbx), %rax
	movq	%rbx, %rdi
	callq	*8(%rax)
	jmp	.LBB0_15
.LBB0_13:
.Ltmp2:
.LBB0_14:
	movq	%rax, %r14
.LBB0_15:
	callq	__tsan_func_exit@PLT
	movq	%r14, %rdi
	callq	_Unwind_Resume@PLT
.Lfunc_end0:
	.size	main, .Lfunc_end0-main
	.cfi_endproc
	.section	.gcc_except_table,"a",@progbits
	.p2align	2
GCC_except_table0:
.Lexception0:
	.byte	255                             # @LPStart Encoding = omit
	.byte	255                             # @TType Encoding = omit
	.byte	1                               # Call site Encoding = uleb128
	.uleb128 .Lcst_end0-.Lcst_begin0
.Lcst_begin0:
	.uleb128 .Ltmp0-.Lfunc_begin0           # >> Call Site 1 <<
	.uleb128 .Ltmp1-.Ltmp0                  #   Call between .Ltmp0 and .Ltmp1
	.uleb128 .Ltmp2-.Lfunc_begin0           #     jumps to .Ltmp2
	.byte	0                               #   On action: cleanup
	.uleb128 .Ltmp3-.Lfunc_begin0           # >> Call Site 2 <<
	.uleb128 .Ltmp4-.Ltmp3                  #   Call between .Ltmp3 and .Ltmp4
	.uleb128 .Ltmp5-.Lfunc_begin0           #     jumps to .Ltmp5
	.byte	0                               #   On action: cleanup
	.uleb128 .Ltmp4-.Lfunc_begin0           # >> Call Site 3 <<
	.uleb128 .Ltmp6-.Ltmp4                  #   Call between .Ltmp4 and .Ltmp6
	.byte	0                               #     has no landing pad
	.byte	0                               #   On action: cleanup
	.uleb128 .Ltmp6-.Lfunc_begin0           # >> Call Site 4 <<
	.uleb128 .Ltmp7-.Ltmp6                  #   Call between .Ltmp6 and .Ltmp7
	.uleb128 .Ltmp8-.Lfunc_begin0           #     jumps to .Ltmp8
	.byte	0                               #   On action: cleanup
	.uleb128 .Ltmp7-.Lfunc_begin0           # >> Call Site 5 <<
	.uleb128 .Lfunc_end0-.Ltmp7             #   Call between .Ltmp7 and .Lfunc_end0
	.byte	0                               #     has no landing pad
	.byte	0                               #   On action: cleanup
.Lcst_end0:
	.p2align	2
                                        # -- End function
	.text
	.p2align	4, 0x90                         # -- Begin function _ZL3runl
	.type	_ZL3runl,@function
_ZL3runl:                               # @_ZL3runl
.Lfunc_begin1:
	.cfi_startproc
	.cfi_personality 155, DW.ref.__gxx_personality_v0
	.cfi_lsda 27, .Lexception1
# %bb.0:
	pushq	%rbp
	.cfi_def_cfa_offset 16
	pushq	%r15
	.cfi_def_cfa_offset 24
	pushq	%r14
	.cfi_def_cfa_offset 32
	pushq	%r13
	.cfi_def_cfa_offset 40
	pushq	%r12
	.cfi_def_cfa_offset 48
	pushq	%rbx
	.cfi_def_cfa_offset 56
	pushq	%rax
	.cfi_def_cfa_offset 64
	.cfi_offset %rbx, -56
	.cfi_offset %r12, -48
	.cfi_offset %r13, -40
	.cfi_offset %r14, -32
	.cfi_offset %r15, -24
	.cfi_offset %rbp, -16
	movq	%rdi, %r14
	movq	56(%rsp), %rdi
	callq	__tsan_func_entry@PLT
	testq	%r14, %r14
	jle	.LBB1_7
# %bb.1:
	negq	%r14
	movl	$1, %ebp
	leaq	_ZL1t.1(%rip), %r15
	leaq	_ZL1t.0(%rip), %r12
	.p2align	4, 0x90
.LBB1_2:                                # =>This Inner Loop Header: Depth=1
.Ltmp9:
	movq	%rbp, %rdi
	callq	_ZL4stepl
.Ltmp10:
# %bb.3:                                #   in Loop: Header=BB1_2 Depth=1
	movq	%rax, %rbx
	addq	_ZL1t.1(%rip), %rbx
	movq	%r15, %rdi
	callq	__tsan_write8@PLT
	movq	%rbx, _ZL1t.1(%rip)
.LBB1_6:                                #   in Loop: Header=BB1_2 Depth=1
	leaq	(%r14,%rbp), %rax
	addq	$1, %rax
	addq	$1, %rbp
	cmpq	$1, %rax
	jne	.LBB1_2
	jmp	.LBB1_7
.LBB1_4:                                #   in Loop: Header=BB1_2 Depth=1
.Ltmp11:
	movq	%rax, %r13
	cmpl	$1, %edx
	jne	.LBB1_9
# %bb.5:                                #   in Loop: Header=BB1_2 Depth=1
	movq	%r13, %rdi
	callq	__cxa_begin_catch@PLT
	movq	_ZL1t.0(%rip), %rbx
	addq	$1, %rbx
	movq	%r12, %rdi
	callq	__tsan_write8@PLT
	movq	%rbx, _ZL1t.0(%rip)
.Ltmp12:
	callq	__cxa_end_catch@PLT
.Ltmp13:
	jmp	.LBB1_6
.LBB1_7:
	callq	__tsan_func_exit@PLT
	addq	$8, %rsp
	.cfi_def_cfa_offset 56
	popq	%rbx
	.cfi_def_cfa_offset 48
	popq	%r12
	.cfi_def_cfa_offset 40
	popq	%r13
	.cfi_def_cfa_offset 32
	popq	%r14
	.cfi_def_cfa_offset 24
	popq	%r15
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	retq
.LBB1_8:
	.cfi_def_cfa_offset 64
.Ltmp14:
	movq	%rax, %r13
.LBB1_9:
	callq	__tsan_func_exit@PLT
	movq	%r13, %rdi
	callq	_Unwind_Resume@PLT
.Lfunc_end1:
	.size	_ZL3runl, .Lfunc_end1-_ZL3runl
	.cfi_endproc
	.section	.gcc_except_table,"a",@progbits
	.p2align	2
GCC_except_table1:
.Lexception1:
	.byte	255                             # @LPStart Encoding = omit
	.byte	155                             # @TType Encoding = indirect pcrel sdata4
	.uleb128 .Lttbase0-.Lttbaseref0
.Lttbaseref0:
	.byte	1                               # Call site Encoding = uleb128
	.uleb128 .Lcst_end1-.Lcst_begin1
.Lcst_begin1:
	.uleb128 .Ltmp9-.Lfunc_begin1           # >> Call Site 1 <<
	.uleb128 .Ltmp10-.Ltmp9                 #   Call between .Ltmp9 and .Ltmp10
	.uleb128 .Ltmp11-.Lfunc_begin1          #     jumps to .Ltmp11
	.byte	3                               #   On action: 2
	.uleb128 .Ltmp10-.Lfunc_begin1          # >> Call Site 2 <<
	.uleb128 .Ltmp12-.Ltmp10                #   Call between .Ltmp10 and .Ltmp12
	.byte	0                               #     has no landing pad
	.byte	0                               #   On action: cleanup
	.uleb128 .Ltmp12-.Lfunc_begin1          # >> Call Site 3 <<
	.uleb128 .Ltmp13-.Ltmp12                #   Call between .Ltmp12 and .Ltmp13
	.uleb128 .Ltmp14-.Lfunc_begin1          #     jumps to .Ltmp14
	.byte	0                               #   On action: cleanup
	.uleb128 .Ltmp13-.Lfunc_begin1          # >> Call Site 4 <<
	.uleb128 .Lfunc_end1-.Ltmp13            #   Call between .Ltmp13 and .Lfunc_end1
	.byte	0                               #     has no landing pad
	.byte	0                               #   On action: cleanup
.Lcst_end1:
	.byte	0                               # >> Action Record 1 <<
                                        #   Cleanup
	.byte	0                               #   No further actions
	.byte	1                               # >> Action Record 2 <<
                                        #   Catch TypeInfo 1
	.byte	125                             #   Continue to action 1
	.p2align	2
                                        # >> Catch TypeInfos <<
.Ltmp15:                                # TypeInfo 1
	.long	.L_ZTISt13runtime_error.DW.stub-.Ltmp15
.Lttbase0:
	.p2align	2
                                        # -- End function
	.text
	.p2align	4, 0x90                         # -- Begin function _ZL4stepl
	.type	_ZL4stepl,@function
_ZL4stepl:                              # @_ZL4stepl
.Lfunc_begin2:
	.cfi_startproc
	.cfi_personality 155, DW.ref.__gxx_personality_v0
	.cfi_lsda 27, .Lexception2
# %bb.0:
	pushq	%r14
	.cfi_def_cfa_offset 16
	pushq	%rbx
	.cfi_def_cfa_offset 24
	pushq	%rax
	.cfi_def_cfa_offset 32
	.cfi_offset %rbx, -24
	.cfi_offset %r14, -16
	movq	%rdi, %r14
	movq	24(%rsp), %rdi
	callq	__tsan_func_entry@PLT
	movabsq	$-6656041676080766047, %rax     # imm = 0xA3A0FD5C5F02A3A1
	imulq	%r14, %rax
	movabsq	$95086309658296657, %rcx        # imm = 0x151D07EAE2F8151
	addq	%rax, %rcx
	movabsq	$190172619316593314, %rax       # imm = 0x2A3A0FD5C5F02A2
	cmpq	%rax, %rcx
	jbe	.LBB2_1
# %bb.5:
	movq	%r14, %rbx
	sarq	$3, %rbx
	xorq	%r14, %rbx
	callq	__tsan_func_exit@PLT
	movq	%rbx, %rax
	addq	$8, %rsp
	.cfi_def_cfa_offset 24
	popq	%rbx
	.cfi_def_cfa_offset 16
	popq	%r14
	.cfi_def_cfa_offset 8
	retq
.LBB2_1:
	.cfi_def_cfa_offset 32
	movl	$16, %edi
	callq	__cxa_allocate_exception@PLT
	movq	%rax, %rbx
.Ltmp16:
	leaq	.L.str.1(%rip), %rsi
	movq	%rax, %rdi
	callq	_ZNSt13runtime_errorC1EPKc@PLT
.Ltmp17:
# %bb.2:
.Ltmp19:
	movq	_ZTISt13runtime_error@GOTPCREL(%rip), %rsi
	movq	_ZNSt13runtime_errorD1Ev@GOTPCREL(%rip), %rdx
	movq	%rbx, %rdi
	callq	__cxa_throw@PLT
.Ltmp20:
# %bb.3:
.LBB2_6:
.Ltmp21:
	movq	%rax, %r14
	jmp	.LBB2_7
.LBB2_4:
.Ltmp18:
	movq	%rax, %r14
	movq	%rbx, %rdi
	callq	__cxa_free_exception@PLT
.LBB2_7:
	callq	__tsan_func_exit@PLT
	movq	%r14, %rdi
	callq	_Unwind_Resume@PLT
.Lfunc_end2:
	.size	_ZL4stepl, .Lfunc_end2-_ZL4stepl
	.cfi_endproc
	.section	.gcc_except_table,"a",@progbits
	.p2align	2
GCC_except_table2:
.Lexception2:
	.byte	255                             # @LPStart Encoding = omit
	.byte	255                             # @TType Encoding = omit
	.byte	1                               # Call site Encoding = uleb128
	.uleb128 .Lcst_end2-.Lcst_begin2
.Lcst_begin2:
	.uleb128 .Lfunc_begin2-.Lfunc_begin2    # >> Call Site 1 <<
	.uleb128 .Ltmp16-.Lfunc_begin2          #   Call between .Lfunc_begin2 and .Ltmp16
	.byte	0                               #     has no landing pad
	.byte	0                               #   On action: cleanup
	.uleb128 .Ltmp16-.Lfunc_begin2          # >> Call Site 2 <<
	.uleb128 .Ltmp17-.Ltmp16                #   Call between .Ltmp16 and .Ltmp17
	.uleb128 .Ltmp18-.Lfunc_begin2          #     jumps to .Ltmp18
	.byte	0                               #   On action: cleanup
	.uleb128 .Ltmp19-.Lfunc_begin2          # >> Call Site 3 <<
	.uleb128 .Ltmp20-.Ltmp19                #   Call between .Ltmp19 and .Ltmp20
	.uleb128 .Ltmp21-.Lfunc_begin2          #     jumps to .Ltmp21
	.byte	0                               #   On action: cleanup
	.uleb128 .Ltmp20-.Lfunc_begin2          # >> Call Site 4 <<
	.uleb128 .Lfunc_end2-.Ltmp20            #   Call between .Ltmp20 and .Lfunc_end2
	.byte	0                               #     has no landing pad
	.byte	0                               #   On action: cleanup
.Lcst_end2:
	.p2align	2
                                        # -- End function
	.section	.text._ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED0Ev,"axG",@progbits,_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED0Ev,comdat
	.weak	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED0Ev # -- Begin function _ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED0Ev
	.p2align	4, 0x90
	.type	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED0Ev,@function
_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED0Ev: # @_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED0Ev
	.cfi_startproc
# %bb.0:
	pushq	%rbx
	.cfi_def_cfa_offset 16
	.cfi_offset %rbx, -16
	movq	%rdi, %rbx
	movq	8(%rsp), %rdi
	callq	__tsan_func_entry@PLT
	movq	%rbx, %rdi
	callq	_ZNSt6thread6_StateD2Ev@PLT
	movq	%rbx, %rdi
	callq	_ZdlPv@PLT
	callq	__tsan_func_exit@PLT
	popq	%rbx
	.cfi_def_cfa_offset 8
	retq
.Lfunc_end3:
	.size	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED0Ev, .Lfunc_end3-_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED0Ev
	.cfi_endproc
                                        # -- End function
	.section	.text._ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEE6_M_runEv,"axG",@progbits,_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEE6_M_runEv,comdat
	.weak	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEE6_M_runEv # -- Begin function _ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEE6_M_runEv
	.p2align	4, 0x90
	.type	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEE6_M_runEv,@function
_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEE6_M_runEv: # @_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEE6_M_runEv
.Lfunc_begin3:
	.cfi_startproc
	.cfi_personality 155, DW.ref.__gcc_personality_v0
	.cfi_lsda 27, .Lexception3
# %bb.0:
	pushq	%r15
	.cfi_def_cfa_offset 16
	pushq	%r14
	.cfi_def_cfa_offset 24
	pushq	%rbx
	.cfi_def_cfa_offset 32
	.cfi_offset %rbx, -32
	.cfi_offset %r14, -24
	.cfi_offset %r15, -16
	movq	%rdi, %rbx
	movq	24(%rsp), %rdi
	callq	__tsan_func_entry@PLT
	leaq	8(%rbx), %r14
	leaq	16(%rbx), %rdi
	callq	__tsan_read8@PLT
	movq	16(%rbx), %r15
	movq	%r14, %rdi
	callq	__tsan_read8@PLT
	movq	8(%rbx), %rdi
.Ltmp22:
	callq	*%r15
.Ltmp23:
# %bb.1:
	callq	__tsan_func_exit@PLT
	popq	%rbx
	.cfi_def_cfa_offset 24
	popq	%r14
	.cfi_def_cfa_offset 16
	popq	%r15
	.cfi_def_cfa_offset 8
	retq
.LBB4_2:
	.cfi_def_cfa_offset 32
.Ltmp24:
	movq	%rax, %rbx
	callq	__tsan_func_exit@PLT
	movq	%rbx, %rdi
	callq	_Unwind_Resume@PLT
.Lfunc_end4:
	.size	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEE6_M_runEv, .Lfunc_end4-_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEE6_M_runEv
	.cfi_endproc
	.section	.gcc_except_table._ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEE6_M_runEv,"aG",@progbits,_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEE6_M_runEv,comdat
	.p2align	2
GCC_except_table4:
.Lexception3:
	.byte	255                             # @LPStart Encoding = omit
	.byte	255                             # @TType Encoding = omit
	.byte	1                               # Call site Encoding = uleb128
	.uleb128 .Lcst_end3-.Lcst_begin3
.Lcst_begin3:
	.uleb128 .Ltmp22-.Lfunc_begin3          # >> Call Site 1 <<
	.uleb128 .Ltmp23-.Ltmp22                #   Call between .Ltmp22 and .Ltmp23
	.uleb128 .Ltmp24-.Lfunc_begin3          #     jumps to .Ltmp24
	.byte	0                               #   On action: cleanup
	.uleb128 .Ltmp23-.Lfunc_begin3          # >> Call Site 2 <<
	.uleb128 .Lfunc_end4-.Ltmp23            #   Call between .Ltmp23 and .Lfunc_end4
	.byte	0                               #     has no landing pad
	.byte	0                               #   On action: cleanup
.Lcst_end3:
	.p2align	2
                                        # -- End function
	.section	.text.tsan.module_ctor,"axR",@progbits
	.p2align	4, 0x90                         # -- Begin function tsan.module_ctor
	.type	tsan.module_ctor,@function
tsan.module_ctor:                       # @tsan.module_ctor
	.cfi_startproc
# %bb.0:
	pushq	%rax
	.cfi_def_cfa_offset 16
	callq	__tsan_init@PLT
	popq	%rax
	.cfi_def_cfa_offset 8
	retq
.Lfunc_end5:
	.size	tsan.module_ctor, .Lfunc_end5-tsan.module_ctor
	.cfi_endproc
                                        # -- End function
	.type	.L.str,@object                  # @.str
	.section	.rodata.str1.1,"aMS",@progbits,1
.L.str:
	.asciz	"caught %ld sum %ld\n"
	.size	.L.str, 20

	.type	_ZL1t.0,@object                 # @_ZL1t.0
	.local	_ZL1t.0
	.comm	_ZL1t.0,8,8
	.type	_ZL1t.1,@object                 # @_ZL1t.1
	.local	_ZL1t.1
	.comm	_ZL1t.1,8,8
	.type	.L.str.1,@object                # @.str.1
.L.str.1:
	.asciz	"every 97th"
	.size	.L.str.1, 11

	.type	_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE,@object # @_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE
	.section	.data.rel.ro._ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE,"aGw",@progbits,_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE,comdat
	.weak	_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE
	.p2align	3
_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE:
	.quad	0
	.quad	_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE
	.quad	_ZNSt6thread6_StateD2Ev
	.quad	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEED0Ev
	.quad	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEE6_M_runEv
	.size	_ZTVNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE, 40

	.type	_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE,@object # @_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE
	.section	.rodata._ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE,"aG",@progbits,_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE,comdat
	.weak	_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE
_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE:
	.asciz	"NSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE"
	.size	_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE, 60

	.type	_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE,@object # @_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE
	.section	.data.rel.ro._ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE,"aGw",@progbits,_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE,comdat
	.weak	_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE
	.p2align	3
_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE:
	.quad	_ZTVN10__cxxabiv120__si_class_type_infoE+16
	.quad	_ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE
	.quad	_ZTINSt6thread6_StateE
	.size	_ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE, 24

	.section	.init_array.0,"aw",@init_array
	.p2align	3
	.quad	tsan.module_ctor
	.data
	.p2align	3
.L_ZTISt13runtime_error.DW.stub:
	.quad	_ZTISt13runtime_error
	.hidden	DW.ref.__gxx_personality_v0
	.weak	DW.ref.__gxx_personality_v0
	.section	.data.DW.ref.__gxx_personality_v0,"aGw",@progbits,DW.ref.__gxx_personality_v0,comdat
	.p2align	3
	.type	DW.ref.__gxx_personality_v0,@object
	.size	DW.ref.__gxx_personality_v0, 8
DW.ref.__gxx_personality_v0:
	.quad	__gxx_personality_v0
	.hidden	DW.ref.__gcc_personality_v0
	.weak	DW.ref.__gcc_personality_v0
	.section	.data.DW.ref.__gcc_personality_v0,"aGw",@progbits,DW.ref.__gcc_personality_v0,comdat
	.p2align	3
	.type	DW.ref.__gcc_personality_v0,@object
	.size	DW.ref.__gcc_personality_v0, 8
DW.ref.__gcc_personality_v0:
	.quad	__gcc_personality_v0
	.ident	"Debian clang version 14.0.6"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.addrsig_sym _ZL3runl
	.addrsig_sym __gxx_personality_v0
	.addrsig_sym __tsan_init
	.addrsig_sym tsan.module_ctor
	.addrsig_sym __tsan_func_entry
	.addrsig_sym __tsan_func_exit
	.addrsig_sym __tsan_read8
	.addrsig_sym __tsan_write8
	.addrsig_sym __tsan_vptr_update
	.addrsig_sym __tsan_vptr_read
	.addrsig_sym __gcc_personality_v0
	.addrsig_sym _Unwind_Resume
	.addrsig_sym _ZTISt13runtime_error
	.addrsig_sym _ZTVN10__cxxabiv120__si_class_type_infoE
	.addrsig_sym _ZTSNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE
	.addrsig_sym _ZTINSt6thread6_StateE
	.addrsig_sym _ZTINSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvlElEEEEEE
